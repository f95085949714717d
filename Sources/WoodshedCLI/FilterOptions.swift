import ArgumentParser
import Jobs
import RenderGraph

/// `--filter lowpass:FREQ|highpass:FREQ|band:LO-HI` and `--karaoke`, the musician's listening
/// filters (`play`, `render --play`), read by `FilterChoice.option`: a bad value is a usage error
/// naming it. Main thread.
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("filter"), help: ArgumentHelp(OptionHelp.filter, valueName: "kind:freq")) var filter: String?
    @Flag(name: .long, help: ArgumentHelp(OptionHelp.karaoke)) var karaoke = false

    /// `--filter` read (nil: none).
    func choice() throws -> FilterChoice? { try usage { try FilterChoice.option(filter) } }

    func validate() throws { _ = try choice() }
}
