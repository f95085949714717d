import CRtMidi
import Foundation

/// Standard error (file descriptor 2) sent to a log file until `restore()`, so that what
/// RtMidi's and ALSA's threads print at any moment lands in the log instead of on the
/// full-screen display. Control thread.
///
/// Creating one appends fd 2 to the log file (created if needed); `restore()`, or `deinit`,
/// points fd 2 back where it was. Takes the same process-wide lock as `StderrCapture`.
public final class StderrRedirect {
    /// Why the log file could not be opened. Any thread: a plain value.
    public struct OpenError: Error, CustomStringConvertible, Equatable, Sendable {
        /// The log file's path.
        public let path: String
        /// The system's reason (strerror).
        public let reason: String

        /// `cannot write the log file PATH: REASON`.
        public var description: String { "cannot write the log file \(path): \(reason)" }
    }

    /// The log file standard error goes to.
    public let logPath: String
    /// fd 2 as it was before, or -1 once restored.
    private var saved: Int32

    /// Sends fd 2 to the end of the file at `logPath` (created with mode 0644 if needed).
    public init(appendingTo logPath: String) throws(OpenError) {
        self.logPath = logPath
        StderrCapture.lock.lock()
        defer { StderrCapture.lock.unlock() }
        // Non-blocking, so a FIFO put there fails at once (no reader) or is refused below, never waited on.
        let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
        guard log >= 0 else { throw OpenError(path: logPath, reason: String(cString: strerror(errno))) }
        defer { close(log) }
        var info = stat()
        guard fstat(log, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw OpenError(path: logPath, reason: "not a regular file")
        }
        woodshed_flush_stderr()
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        guard saved >= 0 else { throw OpenError(path: logPath, reason: String(cString: strerror(errno))) }
        guard StderrCapture.redirect(from: log) else {
            let reason = String(cString: strerror(errno))
            close(saved)
            throw OpenError(path: logPath, reason: reason)
        }
        self.saved = saved
    }

    deinit { restore() }

    /// Points fd 2 back where it was before. Does nothing the second time.
    public func restore() {
        StderrCapture.lock.lock()
        defer { StderrCapture.lock.unlock() }
        guard saved >= 0 else { return }
        woodshed_flush_stderr()
        _ = StderrCapture.redirect(from: saved)
        close(saved)
        saved = -1
    }
}
