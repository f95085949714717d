import Glibc

/// A self-pipe that wakes a thread waiting in poll(2): the control loop (from RtMidi's thread, a
/// signal handler, a worker) and each `WorkerThread` (from the control thread). Writing is one write(2) of a byte (async-signal-safe); never call it on the JACK
/// thread (a syscall), whose notices are read on the loop's status refresh instead.
/// `wake` from any thread; `drain` on the control thread.
public final class WakePipe: Sendable {
    /// The end the loop polls.
    public let readDescriptor: Int32
    /// The end other threads write a byte to.
    public let writeDescriptor: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        let ok = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress) } == 0
        precondition(ok, "cannot make a wake pipe")
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the loop (a full pipe already will).
    public func wake() { Self.wake(writeDescriptor) }

    /// `wake` on a bare descriptor: for signal handlers, which cannot touch a Swift object.
    public static func wake(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Reads every byte waiting, so the next poll sleeps again.
    public func drain() {
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &buffer, { read(readDescriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}
