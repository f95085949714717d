import Foundation

/// Waiting for a condition instead of for a time. Test thread.
///
/// A test that waits for a state polls that state; a fixed sleep would be too short on a loaded
/// machine and needlessly long on a quiet one. `PrivateJackServer.wait` is the same for the live
/// suites (every 20 ms, seconds of timeout); this one polls every millisecond, for in-process state.
public enum Poll {
    /// Polls `condition` every millisecond until it holds or `timeout` seconds have passed; the
    /// condition's value at the end.
    @discardableResult
    public static func until(timeout: TimeInterval = 5, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if try condition() { return true }
            usleep(1_000)
        } while Date() < deadline
        return try condition()
    }
}
