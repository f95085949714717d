import ArgumentParser
import Jobs
import WoodshedCore

/// `woodshed play FILE`: the rehearsal player, live as a JACK client (ports music_L, music_R
/// and click), with a full-screen display, keys and MIDI pedals. Main thread.
struct PlaySubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", help: .play)

    @Argument(help: "The audio file: WAV, FLAC, OGG/Vorbis, Opus, MP3 or M4A.", completion: .audioFiles) var file: String
    @OptionGroup(title: "Practice") var practice: PlayOptions
    @Option(name: .customLong("count-in"), parsing: .unconditional, help: "Bars of count-in clicks before each pass (0-64).") var countIn: Int?
    @Option(name: .customLong("then-sound"), help: ArgumentHelp(OptionHelp.playThenSound)) var thenSound: String?
    @OptionGroup(title: "Output") var output: LivePlayOptions
    @OptionGroup(title: "Listening filters") var filters: FilterOptions
    @OptionGroup(title: "Input") var input: InputOptions
    @OptionGroup(title: "Recording") var record: RecordOptions
    @OptionGroup(title: "MIDI") var midi: MIDIOptions
    @OptionGroup var diagnostics: DiagnosticsOptions

    /// `--then-sound` read, a bad value as a usage error.
    var then: ThenNoise? { get throws { try usage { try ThenNoise.option(thenSound) } } }

    func validate() throws {
        try usage { try OptionRange.countIn.checkOption(countIn) }
        _ = try then
    }

    func run() throws {
        var out = output.request
        out.listen = record.request(input: input)
        out.filter = try filters.choice()
        out.karaoke = filters.karaoke
        try PlayLaunch(output: out, midi: midi.request)
            .play(file: file, practice: practice.request, countIn: countIn, thenSound: try then, debug: diagnostics.start())
    }
}
