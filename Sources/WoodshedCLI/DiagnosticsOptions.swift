import ArgumentParser
import Jobs

/// `--verbose`: debug diagnostics to stderr (`DiagnosticsLog`). Main thread.
struct DiagnosticsOptions: ParsableArguments {
    @Flag(name: .long, help: "Print debug diagnostics to stderr.") var verbose = false

    /// Sets up logging once; returns where the debug lines go.
    func start() -> (String) -> Void { DiagnosticsLog.start(verbose: verbose) }
}
