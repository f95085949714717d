import ArgumentParser
import Jobs

/// `--record` and `--keep N`: your turns recorded from `woodshed:in` as takes (`play` and
/// `shadow`; see `woodshed takes`). Main thread.
struct RecordOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(OptionHelp.record)) var record = false
    @Flag(name: .long, help: ArgumentHelp(OptionHelp.compare)) var compare = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(OptionHelp.keep)) var keep: Int = 5

    func validate() throws { try usage { try ListenRequest(record: record, compare: compare, keep: keep).check() } }

    /// With `input`, the request for the launcher.
    func request(input: InputOptions) -> ListenRequest { ListenRequest(input: input.input, record: record, compare: compare, keep: keep) }
}
