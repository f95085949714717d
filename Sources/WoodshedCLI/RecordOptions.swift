import ArgumentParser
import Jobs

/// `--record` and `--keep N`: your turns recorded from `woodshed:in` as takes (`play` and
/// `shadow`; see `woodshed takes`). Main thread.
struct RecordOptions: ParsableArguments {
    @Flag(name: .long, help: "Record each of your turns (the pause after a pass) from woodshed:in as a take (24-bit FLAC). JACK only.")
    var record = false
    @Flag(name: .long, help: "After each turn, a 0.5 s pause, then your take played back; then the practice goes on (with --record).")
    var compare = false
    @Option(name: .long, parsing: .unconditional, help: "Takes kept per sentence or section, 1 to 1000 (default 5); older ones are removed.")
    var keep: Int = 5

    func validate() throws {
        try usage { try ListenRequest(record: record, compare: compare, keep: keep).check() }
    }

    /// With `input`, the request for the launcher.
    func request(input: InputOptions) -> ListenRequest {
        ListenRequest(input: input.input, record: record, compare: compare, keep: keep)
    }
}
