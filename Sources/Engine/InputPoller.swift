import Glibc

/// How the control loop sleeps: until one of its descriptors can be read or the timeout runs
/// out. Control thread. `SystemPoller` is poll(2); tests inject their own to see each timeout
/// and to move a `ManualClock` instead of sleeping.
public protocol InputPoller: AnyObject {
    /// Waits up to `timeoutMilliseconds` (−1: until input comes) for any of `descriptors` to
    /// be readable, at its end, or in error; returns their indices (empty on timeout or EINTR).
    func wait(for descriptors: [Int32], timeoutMilliseconds: Int32) -> [Int]
}

/// poll(2). Control thread.
public final class SystemPoller: InputPoller {
    /// poll(2)'s array, kept from one wait to the next (no allocation per turn).
    private var fds: [pollfd] = []

    public init() {}

    public func wait(for descriptors: [Int32], timeoutMilliseconds: Int32) -> [Int] {
        fds.removeAll(keepingCapacity: true)
        for d in descriptors { fds.append(pollfd(fd: d, events: Int16(POLLIN), revents: 0)) }
        let n = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        guard n > 0 else { return [] }
        let ready = Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL)
        return fds.indices.filter { fds[$0].revents & ready != 0 }
    }
}
