import ArgumentParser
import RenderGraph

/// `--filter lowpass:FREQ|highpass:FREQ|band:LO-HI` and `--karaoke`, the musician's listening
/// filters (`play`, `render --play`): a bad value is a usage error naming it. Parsing only.
/// Main thread.
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("filter"),
            help: ArgumentHelp("Hear only the lows, the highs or a band: lowpass:FREQ, highpass:FREQ or band:LO-HI (24 dB per octave; 20 Hz to 0.45 × the rate; e.g. lowpass:300, band:200-2000). Key e turns it off and on.",
                               valueName: "kind:freq"))
    var filter: String?
    @Flag(name: .long, help: "Take the centre of the mix (the voice) out above 190 Hz, keeping the lows and the sides. Key v turns it off and on.")
    var karaoke = false

    /// True when either is given.
    var given: Bool { filter != nil || karaoke }

    /// `--filter` read (nil: none); with `rate`, also checked against it.
    func choice(rate: Int? = nil) throws -> FilterChoice? {
        guard let filter else { return nil }
        do {
            let choice = try FilterChoice(parsing: filter)
            if let rate { try choice.check(rate: rate) }
            return choice
        } catch {
            throw ValidationError(error.description)
        }
    }

    func validate() throws {
        _ = try choice()
    }
}
