import ArgumentParser
import Logging

/// `--verbose`: diagnostics to stderr through swift-log, debug lines only with the flag.
/// Main thread.
struct DiagnosticsOptions: ParsableArguments {
    @Flag(name: .long, help: "Print debug diagnostics to stderr.") var verbose = false

    nonisolated(unsafe) private static var started = false

    /// Sets up logging once; returns where the debug lines go.
    func start() -> (String) -> Void {
        if !Self.started {
            Self.started = true
            let verbose = verbose
            LoggingSystem.bootstrap { label in
                var h = StreamLogHandler.standardError(label: label)
                h.logLevel = verbose ? .debug : .warning
                return h
            }
        }
        let log = Logger(label: "woodshed")
        return { log.debug("\($0)") }
    }
}
