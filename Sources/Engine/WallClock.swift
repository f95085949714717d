import Glibc

/// The wall clock alarms ring by: seconds since 1970 UTC (CLOCK_REALTIME). It jumps when the
/// computer wakes from sleep or the time is set; the control loop's own clock does not. Control
/// thread; tests give a clock they move themselves.
public protocol WallClock: AnyObject {
    var secondsSince1970: Double { get }
}

/// CLOCK_REALTIME. Any thread.
public final class SystemWallClock: WallClock, @unchecked Sendable {
    public init() {}

    public var secondsSince1970: Double {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// A wall clock that follows a `ManualClock` from a given time, and jumps forward as a sleeping
/// computer's does when `sleep` says so (the loop's clock stands still meanwhile). Control
/// thread (a test's).
public final class ManualWallClock: WallClock {
    let loopClock: ManualClock
    private var origin: Double

    public init(following loopClock: ManualClock, at seconds: Double) {
        self.loopClock = loopClock
        origin = seconds - loopClock.seconds
    }

    public var secondsSince1970: Double { origin + loopClock.seconds }

    /// The computer slept for `seconds`: wall time moves on, the loop's does not.
    public func sleep(_ seconds: Double) { origin += seconds }
}
