import Synchronization

/// The last messages libjack printed (errors and info), kept instead of writing to stderr.
/// Any thread except the render thread (it locks).
public final class JackMessages: Sendable {
    public static let shared = JackMessages()
    private let lines = Mutex<[String]>([])

    func record(_ line: String) {
        lines.withLock { l in
            l.append(line)
            if l.count > 20 { l.removeFirst(l.count - 20) }
        }
    }

    /// The latest messages, oldest first.
    public var recent: [String] { lines.withLock { $0 } }
}
