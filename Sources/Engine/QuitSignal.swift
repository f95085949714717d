import Glibc
import Synchronization
import Workers

/// SIGINT, SIGTERM and SIGHUP end the control loop: the handler sets `requested` and writes a
/// byte to the running loop's wake pipe, so the loop quits at once, not at its next timer.
/// Install it with `QuitSignals.catching(…, with: quitSignalHandler)`. Any thread.
public enum QuitSignal {
    /// Set by a quit signal; the loop (and the MIDI monitor's loop) end when they see it.
    public static let requested = Atomic<Bool>(false)
    /// The write end of the running loop's wake pipe (−1: no loop runs).
    static let wakeDescriptor = Atomic<Int32>(-1)
}

/// The quit signals' handler: async-signal-safe (an atomic store and a write(2)).
public func quitSignalHandler(_ signal: Int32) {
    QuitSignal.requested.store(true, ordering: .relaxed)
    let fd = QuitSignal.wakeDescriptor.load(ordering: .relaxed)
    if fd >= 0 { WakePipe.wake(fd) }
}
