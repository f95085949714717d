import Engine
import WoodshedCore
import App
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress display on stderr for long renders; silent unless stderr is a terminal
/// and the job has run for half a second. Main thread.
public final class ProgressLine {
    private let label: String
    private let rate: Int
    private let enabled: Bool
    private let started = ProgressLine.now()
    private var lastDraw = 0.0
    private var drawn = false

    public init(label: String, rate: Int, enabled: Bool) {
        self.label = label
        self.rate = rate
        self.enabled = enabled
    }

    public func update(done: Int64, total: Int64) {
        guard enabled else { return }
        let t = ProgressLine.now()
        guard t - started > 0.5, t - lastDraw > 0.1 || done == total else { return }
        lastDraw = t
        drawn = true
        let pct = total > 0 ? Int(done * 100 / total) : 100
        let line = "\r\(label): \(pct)% (\(SourceTime.of(frame: done, rate: rate)) of \(SourceTime.of(frame: total, rate: rate)))\u{1B}[K"
        writeStderr(line)
    }

    /// A job measured as a fraction (0…1) rather than in frames: "label: 42%".
    public func update(fraction: Double) {
        guard enabled else { return }
        let t = ProgressLine.now()
        guard t - started > 0.5, t - lastDraw > 0.1 else { return }
        lastDraw = t
        drawn = true
        writeStderr("\r\(label): \(Int(min(max(fraction, 0), 1) * 100))%\u{1B}[K")
    }

    /// Clears the line.
    public func finish() {
        if drawn { writeStderr("\r\u{1B}[K"); drawn = false }
    }

    /// True when stderr is a terminal (progress lines go there).
    public static var stderrIsTerminal: Bool { isatty(2) != 0 }

    private static func now() -> Double { MonotonicClock.seconds() }
}


