import Jobs
import ArgumentParser

/// `woodshed click`: the live metronome, a JACK client or on ALSA. Main thread.
struct ClickSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "click",
        abstract: "Run the metronome live (on JACK, or ALSA without a JACK server), with a full-screen display and keys.",
        discussion: """
            With no tempo, the last tempo, meter and sound used are taken again.
            Keys: space start/stop, ↑/↓ ±1 BPM, PgUp/PgDn ±10 BPM, t tap tempo,
            [ ] or 1-9 beats per bar, m mute, + - volume, q or Esc quit.
            MIDI: JACK MIDI arrives on woodshed:midi_in and is mapped by the MIDI map
            (see docs/midi.md); --midi-in alsa:NAME also reads an ALSA sequencer port
            through RtMidi.
            Without a terminal on stdout, one plain line is printed per bar.
            Output: a running JACK server, else ALSA's default device (--backend,
            --alsa-device; see docs/backends.md). ALSA has no JACK transport,
            JACK MIDI or port connections.
            """)

    @OptionGroup var click: ClickOptions
    @OptionGroup(title: "MIDI") var midi: MIDIOptions
    @Flag(name: .customLong("midi-clock"), help: "Send MIDI clock (24 per quarter note, start/stop/continue, song position) on woodshed:midi_clock.")
    var midiClock = false
    @OptionGroup(title: "Output") var output: LiveOutputOptions
    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Coach") var coach: CoachOptions
    @Option(name: .long, help: "JACK transport: free (default), follow (start/stop/locate/tempo from the transport), master (publish bar/beat/tick if no master exists).")
    var transport: String = "free"
    @Option(name: .long, help: ArgumentHelp("A note to show on the display until the first key (make run uses it).", visibility: .hidden))
    var note: String?
    @Option(name: .long, help: "With --setlist: the song to start at (from 1; default 1).") var song: Int?
    @OptionGroup var diagnostics: DiagnosticsOptions

    func validate() throws {
        try usage { _ = try ClickLaunch.transportMode(transport); try output.request.check() }
    }

    func run() throws {
        var launch = try ClickLaunch(click: click.request, volume: click.volume, midi: midi.request, midiClock: midiClock,
                                     transport: ClickLaunch.transportMode(transport), note: note, output: output.request,
                                     input: input.input, song: song)
        launch.coach = try coach.request
        try launch.run(debug: diagnostics.start())
    }
}
