import Logging

/// `--verbose`'s diagnostics: to stderr through swift-log, debug lines only when asked. Main thread.
public enum DiagnosticsLog {
    nonisolated(unsafe) private static var started = false

    /// Sets up logging once (the first call's `verbose` holds); returns where the debug lines go.
    public static func start(verbose: Bool) -> (String) -> Void {
        if !started {
            started = true
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
