import JackBackend

/// The one line shown when the JACK client cannot start: JACK's error, and for a refused open
/// what libjack said last. Main thread.
public enum JackStartFailure {
    public static func message(_ error: JackError) -> String {
        var message = error.description
        if case .openFailed = error, let said = JackMessages.shared.recent.last { message += " (libjack: \(said))" }
        return message
    }
}
