#if canImport(Glibc)
import Glibc
#endif
import RealtimeKit
import Synchronization

/// A worker thread's life, the same for the player's worker, the coach's listener and the
/// takes' recorder: the control thread starts and stops it; any thread but the render thread
/// wakes it. Never the render thread (`wake` is a write(2)).
///
/// Between turns the thread waits in poll(2) on a pipe of its own: a `wake` (a request, `stop`) ends
/// the wait at once; otherwise it lasts as long as the turn asked for. The render thread, which
/// fills or drains the workers' rings, can wake no one (a syscall), so a worker whose ring the
/// render thread moves asks for a bounded wait: how long its ring can be left alone.
public final class WorkerThread: @unchecked Sendable {
    /// What a turn asks for next.
    public enum Next: Equatable, Sendable {
        /// Another turn at once: it did work, and there may be more.
        case again
        /// Wait until woken, or `milliseconds` at most.
        case wait(milliseconds: Int32)
        /// Wait until woken.
        case waitForWake
    }

    /// The thread's name in `top -H` and /proc (15 bytes at most).
    public let name: String
    /// What the thread waits on between turns; `wake` writes to it.
    private let wakePipe = WakePipe()
    private let stopping = Atomic<Bool>(false)
    private let turnCount = Atomic<Int>(0)
    private var thread: pthread_t?
    /// The turn and the last words (run once after the last turn); dropped by `stop`.
    private var turn: (() -> Next)?
    private var last: (() -> Void)?

    public init(name: String) {
        self.name = name
    }

    deinit {
        stop()
    }

    /// True between `start` and `stop` (control thread).
    public var isRunning: Bool { thread != nil }

    /// True once `stop` was called: a turn that waits for something inside should give up.
    /// Any thread.
    public var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Turns run so far (any thread): an idle worker waits, it does not spin.
    public var turns: Int { turnCount.load(ordering: .relaxed) }

    /// Starts the thread: it runs `turn` again and again, waiting between turns as each asks,
    /// until `stop`; then `last`, once. Control thread.
    public func start(_ turn: @escaping () -> Next, last: (() -> Void)? = nil) {
        precondition(thread == nil, "the \(name) thread is already running")
        stopping.store(false, ordering: .releasing)
        self.turn = turn
        self.last = last
        var t = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&t, nil, { context in
            Unmanaged<WorkerThread>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        precondition(rc == 0, "cannot start the \(name) thread")
        thread = t
    }

    /// Ends the wait of the thread at once (it runs its next turn). Any thread but the render
    /// thread; wakes coalesce (a full pipe already wakes it).
    public func wake() { wakePipe.wake() }

    /// Asks the thread to end, wakes it, and waits for it (its current turn, then `last`).
    /// Control thread; does nothing when not running.
    public func stop() {
        guard let t = thread else { return }
        stopping.store(true, ordering: .releasing)
        wake()
        pthread_join(t, nil)
        thread = nil
        turn = nil
        last = nil
    }

    /// Waits until woken or `milliseconds` (−1: until woken) have passed; false when stopping.
    /// The worker's own thread, inside a turn that waits for room (or the caller's thread,
    /// offline, where nothing wakes it and the time runs out).
    @discardableResult
    public func pause(milliseconds: Int32) -> Bool {
        guard !isStopping else { return false }
        var fd = pollfd(fd: wakePipe.readDescriptor, events: Int16(POLLIN), revents: 0)
        if poll(&fd, 1, milliseconds) > 0 { wakePipe.drain() }
        return !isStopping
    }

    private func run() {
        ThreadName.set(name)
        while !isStopping, let turn {
            turnCount.add(1, ordering: .relaxed)
            switch turn() {
            case .again: continue
            case .wait(let ms): pause(milliseconds: ms)
            case .waitForWake: pause(milliseconds: -1)
            }
        }
        last?()
    }
}
