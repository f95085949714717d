import Logging

/// Diagnostics to stderr through swift-log. Main thread.
enum Diagnostics {
    nonisolated(unsafe) private static var started = false

    /// Sets up logging once; `verbose` shows debug messages.
    static func start(verbose: Bool) -> Logger {
        if !started {
            started = true
            LoggingSystem.bootstrap { label in
                var h = StreamLogHandler.standardError(label: label)
                h.logLevel = verbose ? .debug : .warning
                return h
            }
        }
        return Logger(label: "woodshed")
    }
}
