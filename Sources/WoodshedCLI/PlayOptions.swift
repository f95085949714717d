import ArgumentParser
import Jobs

/// What to play and how to practise it: the section (times or a saved name), the repeat plan,
/// speed, transpose, the click locked to the music, the seam crossfade. Shared by `play` and
/// `render --play`. Main thread.
struct PlayOptions: ParsableArguments {
    // Values are taken as they are, even with a leading "-" (then refused, naming the value
    // and the range; a transpose may be negative), rather than read as an option.
    @Option(name: .long, parsing: .unconditional, help: "Start of the section (62.5, 1:02.5, 1:02:03.250).") var from: String?
    @Option(name: .long, parsing: .unconditional, help: "End of the section (same forms as --from; default: the end of the file).") var to: String?
    @Option(name: .long, help: "Play the saved section NAME (see `woodshed sections FILE list`).", completion: .sections) var section: String?
    @Option(name: .long, parsing: .unconditional, help: "Passes of the section: 1 to 10000, or endless.") var `repeat`: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(OptionHelp.gap)) var gap: String?
    @Option(name: .long, parsing: .unconditional, help: "Playback speed with pitch kept: 0.25 to 2.0 (or 75%).") var speed: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(OptionHelp.plan)) var plan: String?
    @Option(name: .long, help: "After the last pass: next, stop or loop-all.") var advance: String?
    @Option(name: .long, parsing: .unconditional, help: "A click locked to the music at this tempo (BPM of the recording).") var click: String?
    @Option(name: .customLong("click-offset"), parsing: .unconditional, help: ArgumentHelp(OptionHelp.clickOffset)) var clickOffset: String?
    @Option(name: .customLong("beats-per-bar"), parsing: .unconditional, help: ArgumentHelp(OptionHelp.beatsPerBar)) var beatsPerBar: Int = 4
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(OptionHelp.crossfade)) var crossfade: Int?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(OptionHelp.transpose)) var transpose: String?
    @Option(name: .long, help: "Time-stretch engine: faster (Rubber Band R2) or finer (R3).") var engine: String = "faster"

    func validate() throws { try usage { try request.check() } }

    /// The options as a request for `PlaySetup`.
    var request: PlayRequest {
        PlayRequest(from: from, to: to, section: section, repeat: `repeat`, gap: gap, speed: speed, plan: plan, advance: advance,
                    click: click, clickOffset: clickOffset, beatsPerBar: beatsPerBar, crossfade: crossfade, transpose: transpose,
                    engine: engine)
    }
}
