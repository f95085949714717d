import Glibc

/// The control loop's clock: monotonic time in nanoseconds. Control thread.
///
/// `MonotonicClock` reads CLOCK_MONOTONIC; `ManualClock` only moves when a test says so
/// (as swift-nio's `EmbeddedEventLoop.advanceTime`).
public protocol ControlClock: AnyObject {
    /// Nanoseconds since an arbitrary origin; never goes back.
    var nanoseconds: Int64 { get }
}

extension ControlClock {
    /// `nanoseconds` in seconds.
    public var seconds: Double { Double(nanoseconds) / 1e9 }
}

/// CLOCK_MONOTONIC: the one wall-independent clock of woodshed (loop timers, tap tempo,
/// progress lines, benchmarks). Any thread.
public final class MonotonicClock: ControlClock, @unchecked Sendable {
    public init() {}

    public var nanoseconds: Int64 { Self.nanoseconds() }

    /// CLOCK_MONOTONIC in nanoseconds.
    @inline(never)
    public static func nanoseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }

    /// CLOCK_MONOTONIC in seconds.
    public static func seconds() -> Double { Double(nanoseconds()) / 1e9 }
}

/// A clock that stands still until `advance` moves it: the control loop's tests run hours of
/// timers in microseconds. Control thread (the test's).
public final class ManualClock: ControlClock {
    public private(set) var nanoseconds: Int64

    /// Starts at `seconds` (default 0).
    public init(seconds: Double = 0) { nanoseconds = Int64((seconds * 1e9).rounded()) }

    /// Moves the clock on by `seconds`.
    public func advance(by seconds: Double) { advance(nanoseconds: Int64((seconds * 1e9).rounded())) }

    /// Moves the clock on by `nanoseconds`.
    public func advance(nanoseconds n: Int64) {
        precondition(n >= 0, "a monotonic clock never goes back")
        nanoseconds += n
    }
}
