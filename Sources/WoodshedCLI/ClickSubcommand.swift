import Jobs
import ArgumentParser
import WoodshedCore

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
    @OptionGroup(title: "Remote control") var remote: RemoteOptions
    @Flag(name: .customLong("midi-clock"), help: "Send MIDI clock (24 per quarter note, start/stop/continue, song position) on woodshed:midi_clock.")
    var midiClock = false
    @Option(name: .long, parsing: .singleValue,
            help: "Connect the click port to this JACK port (repeat for more). Default: the first two physical playback ports.")
    var connect: [String] = []
    @Flag(name: .long, help: "Do not connect the click port; leave routing to you.") var noConnect = false
    @OptionGroup var jack: JackServerOptions
    @OptionGroup(title: "Audio output") var output: BackendOptions
    @OptionGroup(title: "Input") var input: InputOptions
    @Option(name: .long, help: "JACK transport: free (default), follow (start/stop/locate/tempo from the transport), master (publish bar/beat/tick if no master exists).")
    var transport: String = "free"
    @Option(name: .customLong("for"), parsing: .unconditional, help: "Stop after this long, e.g. 90s, 10m, 1h30m (at most 24h).")
    var duration: String?
    @Option(name: .long, help: ArgumentHelp("A note to show on the display until the first key (make run uses it).", visibility: .hidden))
    var note: String?
    @OptionGroup var diagnostics: DiagnosticsOptions

    func validate() throws {
        if noConnect && !connect.isEmpty { throw ValidationError("give --connect or --no-connect, not both") }
        guard TransportMode(rawValue: transport) != nil else {
            throw ValidationError("--transport must be free, follow or master, not '\(transport)'")
        }
        if let duration, DurationText.seconds(duration) == nil {
            throw ValidationError(DurationText.invalid("--for", duration))
        }
        try jack.checkName()
    }

    func run() throws {
        let debug = diagnostics.start()
        var launch = ClickLaunch(click: click.request, volume: click.volume, midi: midi.request, midiClock: midiClock, connect: connect,
                                 noConnect: noConnect, jackName: jack.jackName, server: jack.server,
                                 transport: TransportMode(rawValue: transport)!, duration: duration, note: note)
        launch.mpris = !remote.noMPRIS
        launch.oscPort = remote.osc
        launch.oscBind = remote.oscBind
        launch.backend = output.choice
        launch.alsaDevice = output.alsaDevice
        launch.input = input.input
        try launch.run(debug: debug)
    }
}
