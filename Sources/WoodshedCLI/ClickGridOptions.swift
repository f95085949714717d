import ArgumentParser
import Jobs

/// What is clicked: tempo, meter, pattern, subdivision, count-in and bars, or a tempo map or
/// preset. Shared by `click` and `render` (through `ClickOptions`) and `coach`. Main thread.
struct ClickGridOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(OptionHelp.tempo, valueName: "tempo")) var tempo: String?
    // Numbers are taken as they are, even with a leading "-" (then refused, naming the value and
    // the range), rather than read as an option.
    @Option(name: .long, parsing: .unconditional, help: "Meter as beats/denominator, e.g. 7/8.") var meter: String?
    @Option(name: .long, help: "One letter per beat, one or more bars: X accent, x normal, o soft, . silent (e.g. \"X..x.x.\").") var pattern: String?
    @Option(name: .long, parsing: .unconditional, help: "Clicks per beat (1-16); the extra ones are softer.") var subdivide: Int?
    @Option(name: .long, parsing: .unconditional, help: "Bars of count-in before bar 1 (0-64).") var countIn: Int?
    @Option(name: .long, parsing: .unconditional, help: "Number of bars (after the count-in). Default: the map's length, else 16.") var bars: Int?
    @Option(name: .long, help: "A klick tempo map file.", completion: .file()) var map: String?
    @Option(name: .long, help: "A preset by name (see `woodshed presets list`).", completion: .presets) var preset: String?

    /// The options as a request for `ClickSetup` (`sound`: the click's `--sound`, if any).
    func request(sound: String? = nil) -> ClickRequest {
        ClickRequest(tempo: tempo, meter: meter, pattern: pattern, subdivide: subdivide, countIn: countIn, bars: bars, map: map,
                     preset: preset, sound: sound)
    }
}
