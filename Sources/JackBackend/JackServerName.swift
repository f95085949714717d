import Foundation

/// The name of the JACK server a client without `--server` talks to, as libjack picks it:
/// `--server`, else `$JACK_DEFAULT_SERVER` when set and not empty, else "default". Any thread.
public enum JackServerName {
    public static func effective(_ server: String?, environment: [String: String]) -> String {
        if let server { return server }
        if let name = environment["JACK_DEFAULT_SERVER"], !name.isEmpty { return name }
        return "default"
    }

    /// `effective(_:environment:)` with this process's environment.
    public static func effective(_ server: String?) -> String {
        effective(server, environment: ProcessInfo.processInfo.environment)
    }
}
