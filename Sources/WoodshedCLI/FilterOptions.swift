import ArgumentParser
import Jobs
import RenderGraph

/// `--filter lowpass:FREQ|highpass:FREQ|band:LO-HI` and `--karaoke`, the musician's listening
/// filters (`play`, `render --play`), read by `FilterChoice.option`: a bad value is a usage error
/// naming it. Main thread.
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("filter"),
            help: ArgumentHelp("Hear only the lows, the highs or a band: lowpass:FREQ, highpass:FREQ or band:LO-HI (24 dB per octave; 20 Hz to 0.45 × the rate; e.g. lowpass:300, band:200-2000). Key e turns it off and on.",
                               valueName: "kind:freq"))
    var filter: String?
    @Flag(name: .long, help: "Take the centre of the mix (the voice) out above 190 Hz, keeping the lows and the sides. Key v turns it off and on.")
    var karaoke = false

    /// `--filter` read (nil: none).
    func choice() throws -> FilterChoice? {
        try usage { try FilterChoice.option(filter) }
    }

    func validate() throws {
        _ = try choice()
    }
}
