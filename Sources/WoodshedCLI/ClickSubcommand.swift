import Jobs
import ArgumentParser

/// `woodshed click`: the live metronome, a JACK client or on ALSA. Main thread.
struct ClickSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "click", help: .click)

    @OptionGroup var click: ClickOptions
    @OptionGroup(title: "MIDI") var midi: MIDIOptions
    @Flag(name: .customLong("midi-clock"), help: ArgumentHelp(OptionHelp.clickMidiClock)) var midiClock = false
    @OptionGroup(title: "Output") var output: LiveOutputOptions
    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Coach") var coach: CoachOptions
    @Option(name: .long, help: ArgumentHelp(OptionHelp.clickTransport)) var transport: String = "free"
    @Option(name: .long, help: ArgumentHelp(OptionHelp.clickNote, visibility: .hidden)) var note: String?
    @Option(name: .long, help: "With --setlist: the song to start at (from 1; default 1).") var song: Int?
    @OptionGroup var diagnostics: DiagnosticsOptions

    func validate() throws { try usage { _ = try ClickLaunch.transportMode(transport); try output.request.check() } }

    func run() throws {
        try ClickLaunch(click: click.request, volume: click.volume, midi: midi.request, midiClock: midiClock,
                        transport: ClickLaunch.transportMode(transport), note: note, output: output.request, input: input.input, song: song,
                        coach: coach.request).run(debug: diagnostics.start())
    }
}
