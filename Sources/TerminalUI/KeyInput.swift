import Glibc

/// Reads key presses from standard input (or another file descriptor) and decodes them.
/// Control thread only.
///
/// `poll(timeoutMilliseconds:)` waits with poll(2) and reads only what is there, so it never
/// blocks longer than asked (plus up to 30 ms to finish an escape sequence). For single key
/// presses the terminal must be in the non-canonical mode `Terminal` sets up.
public final class KeyInput {
    /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
    public static let escapeWaitMilliseconds: Int32 = 30

    /// The descriptor read from.
    public let fileDescriptor: Int32
    /// True once the input has ended (a closed pipe, a hung-up terminal); `poll` then only waits.
    public private(set) var reachedEnd = false
    private var reader = KeyReader()

    /// Reads from `fileDescriptor` (standard input by default); does not change its modes.
    public init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    /// The keys pressed, waiting up to `timeoutMilliseconds` for the first byte; empty when
    /// none came in time or a signal (such as SIGWINCH) interrupted the wait.
    public func poll(timeoutMilliseconds: Int) -> [Key] {
        let timeout = Int32(clamping: timeoutMilliseconds)
        guard !reachedEnd else {
            _ = Glibc.poll(nil, 0, max(0, timeout))
            return []
        }
        guard waitForInput(timeout) else { return [] }
        var keys = readAvailable()
        while reader.hasPending, !reachedEnd {
            if waitForInput(Self.escapeWaitMilliseconds) {
                keys += readAvailable()
            } else {
                keys += reader.flushPending()
            }
        }
        if reachedEnd { keys += reader.flushPending() }
        return keys
    }

    /// True when bytes (or the end of input) can be read without blocking.
    private func waitForInput(_ timeout: Int32) -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard Glibc.poll(&descriptor, 1, timeout) > 0 else { return false }
        if descriptor.revents & Int16(POLLNVAL) != 0 {
            reachedEnd = true
            return false
        }
        return descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
    }

    /// One read(2) of what is there, decoded.
    private func readAvailable() -> [Key] {
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count > 0 { return reader.feed(Array(buffer[..<count])) }
        if count == 0 || (errno != EINTR && errno != EAGAIN) { reachedEnd = true }
        return []
    }
}
