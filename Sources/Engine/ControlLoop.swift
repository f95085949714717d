import Synchronization
import Workers

/// The one control loop of every live mode: it sleeps in poll(2) until its next timer is due
/// or an input wakes it, then runs what is due. Control thread (the thread that calls `run`).
///
/// Inputs are file descriptors (standard input for keys, the wake pipe for RtMidi's thread and
/// quit signals); timers are one-shot or repeating and cancellable; `quit` (with why) ends
/// `run`. Its clock and poller are injectable: with a `ManualClock` and a poller that advances
/// it, a test runs an hour of timers at once and sees every timeout the loop slept with.
public final class ControlLoop {
    /// Why `run` returned.
    public enum End: Equatable, Sendable {
        /// A quit key, a quit action, or a quit signal.
        case quit
        /// `--for` ran out.
        case timeUp
        /// The program (sections, playlist, tempo map, noise timer) played to its end.
        case programEnded
    }

    /// A timer's handle, for `cancel`.
    public struct TimerID: Hashable, Sendable { let value: Int }
    /// An input's handle, for `unwatch`.
    public struct InputID: Hashable, Sendable { let value: Int }

    private struct Timer {
        let id: Int
        var deadline: Int64
        let interval: Int64?
        let action: () -> Void
    }

    private struct Input {
        let id: Int
        let descriptor: Int32
        let action: () -> Void
    }

    public let clock: ControlClock
    private let poller: InputPoller
    /// Other threads' way to wake the loop; `onWake` handlers run when they do.
    public let wakePipe = WakePipe()
    private var timers: [Timer] = []
    private var inputs: [Input] = []
    /// The wake pipe's descriptor, then the inputs', as `turn` polls them; emptied by `watch`
    /// and `unwatch`, and listed again at the next turn.
    private var watched: [Int32] = []
    private var wakeHandlers: [() -> Void] = []
    private var nextID = 0
    /// Set by `quit`: the first reason given.
    public private(set) var end: End?

    public init(clock: ControlClock = MonotonicClock(), poller: InputPoller = SystemPoller()) {
        self.clock = clock
        self.poller = poller
    }

    /// The clock's time in seconds.
    public var now: Double { clock.seconds }

    // MARK: - Timers

    /// Runs `action` once, `seconds` from now (0: at the next turn).
    @discardableResult
    public func after(_ seconds: Double, _ action: @escaping () -> Void) -> TimerID {
        add(deadline: clock.nanoseconds + Self.nanoseconds(seconds), interval: nil, action)
    }

    /// Runs `action` every `seconds`, the first time `seconds` from now. A turn that comes late
    /// runs it once, not once per missed interval.
    @discardableResult
    public func every(_ seconds: Double, _ action: @escaping () -> Void) -> TimerID {
        let interval = max(Self.nanoseconds(seconds), 1)
        return add(deadline: clock.nanoseconds + interval, interval: interval, action)
    }

    /// Stops a timer; a fired one-shot timer is already gone.
    public func cancel(_ timer: TimerID) {
        timers.removeAll { $0.id == timer.value }
    }

    /// Seconds until the next timer is due (0 when one is overdue); nil without timers.
    public var timeToNextTimer: Double? {
        timers.map(\.deadline).min().map { Double(max($0 - clock.nanoseconds, 0)) / 1e9 }
    }

    private func add(deadline: Int64, interval: Int64?, _ action: @escaping () -> Void) -> TimerID {
        nextID += 1
        timers.append(Timer(id: nextID, deadline: deadline, interval: interval, action: action))
        return TimerID(value: nextID)
    }

    private static func nanoseconds(_ seconds: Double) -> Int64 { Int64((max(seconds, 0) * 1e9).rounded()) }

    // MARK: - Inputs

    /// Runs `action` whenever `descriptor` can be read (or has ended: the action must then
    /// `unwatch` it, or the loop never sleeps).
    @discardableResult
    public func watch(_ descriptor: Int32, _ action: @escaping () -> Void) -> InputID {
        nextID += 1
        inputs.append(Input(id: nextID, descriptor: descriptor, action: action))
        watched = []
        return InputID(value: nextID)
    }

    /// Stops reading an input.
    public func unwatch(_ input: InputID) {
        inputs.removeAll { $0.id == input.value }
        watched = []
    }

    /// Runs `action` each time another thread calls `wakePipe.wake()`.
    public func onWake(_ action: @escaping () -> Void) {
        wakeHandlers.append(action)
    }

    // MARK: - Running

    /// Ends `run` after the current turn. The first reason given is kept.
    public func quit(_ why: End = .quit) {
        if end == nil { end = why }
    }

    /// Turns until `quit` (or a quit signal); returns why it ended. Quit signals reach it
    /// through the wake pipe while it runs.
    @discardableResult
    public func run() -> End {
        QuitSignal.wakeDescriptor.store(wakePipe.writeDescriptor, ordering: .relaxed)
        defer { QuitSignal.wakeDescriptor.store(-1, ordering: .relaxed) }
        while end == nil {
            turn()
        }
        return end ?? .quit
    }

    /// One turn: sleeps until the next timer or an input, runs the inputs that are ready,
    /// then every timer that is due, in deadline order.
    public func turn() {
        if QuitSignal.requested.load(ordering: .relaxed) { quit(.quit) }
        guard end == nil else { return }
        // The descriptors are listed anew only when an input comes or goes (most turns are a timer's).
        if watched.isEmpty { watched = [wakePipe.readDescriptor] + inputs.map(\.descriptor) }
        let ready = poller.wait(for: watched, timeoutMilliseconds: sleepMilliseconds())
        if !ready.isEmpty { handle(ready) }
        fireDueTimers()
    }

    /// The wake pipe's and the inputs' handlers, for the descriptors `ready` (indices into `watched`).
    private func handle(_ ready: [Int]) {
        let readyInputs = ready.filter { $0 > 0 }.map { inputs[$0 - 1].id }
        if ready.contains(0) {
            wakePipe.drain()
            if QuitSignal.requested.load(ordering: .relaxed) { quit(.quit) }
            for handler in wakeHandlers where end == nil { handler() }
        }
        for id in readyInputs where end == nil {
            inputs.first { $0.id == id }?.action()
        }
    }

    /// The poll timeout: the time to the next timer, rounded up to whole milliseconds (so the
    /// loop never wakes before it and turns idle); −1 (no limit) without timers.
    func sleepMilliseconds() -> Int32 {
        guard let next = timers.lazy.map(\.deadline).min() else { return -1 }
        let left = max(next - clock.nanoseconds, 0)
        return Int32(clamping: (left + 999_999) / 1_000_000)
    }

    private func fireDueTimers() {
        let now = clock.nanoseconds
        guard let first = timers.firstIndex(where: { $0.deadline <= now }) else { return }
        // Most turns fire one timer (the status refresh): then there is no list to sort.
        if !timers[(first + 1)...].contains(where: { $0.deadline <= now }) {
            if end == nil { fire(timers[first], now: now) }
            return
        }
        // Only the timers due now: one added or rescheduled by an action waits for the next turn.
        let due = timers.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        for timer in due where end == nil { fire(timer, now: now) }
    }

    /// Runs a due timer, rescheduled first (a one-shot removed), unless it was cancelled meanwhile.
    private func fire(_ timer: Timer, now: Int64) {
        guard let i = timers.firstIndex(where: { $0.id == timer.id }) else { return }
        if let interval = timer.interval {
            var next = timer.deadline + interval
            if next <= now { next = now + interval }
            timers[i].deadline = next
        } else {
            timers.remove(at: i)
        }
        timer.action()
    }
}
