import Glibc
import Synchronization

/// The state signal handlers may touch: atomics, and the terminal modes saved before raw mode,
/// published through one of them. Signal handlers and the control thread.
///
/// Every property is created by `Terminal.init` on the control thread, before any handler that
/// reads it is installed, so no handler runs a lazy initialiser.
enum TerminalSignals {
    /// Set by the SIGWINCH handler; consumed by `Terminal.resized`.
    static let resized = Atomic<Bool>(false)

    /// The descriptor in full-screen mode (alternate screen, hidden cursor), -1 for none.
    /// Whoever swaps it back to -1 leaves full-screen mode, so that happens exactly once.
    static let screenDescriptor = Atomic<Int32>(-1)

    /// The descriptor whose terminal modes were changed, -1 for none. Stored with release
    /// ordering after `savedModes` is written; whoever swaps it back to -1 restores them.
    static let modesDescriptor = Atomic<Int32>(-1)

    /// The terminal modes from before raw mode. Written only by the control thread while
    /// `modesDescriptor` is -1; read only after acquiring a `modesDescriptor` >= 0. That
    /// publication makes the shared, mutable pointee safe, hence `nonisolated(unsafe)`.
    nonisolated(unsafe) static let savedModes = UnsafeMutablePointer<termios>.allocate(capacity: 1)

    /// Touches every property so none is first initialised inside a signal handler.
    static func prepare() {
        _ = resized.load(ordering: .relaxed)
        _ = screenDescriptor.load(ordering: .relaxed)
        _ = modesDescriptor.load(ordering: .relaxed)
        _ = savedModes
    }

    /// Leaves full-screen mode if it is on. Async-signal-safe (an atomic swap and write(2)).
    static func leaveFullScreen() {
        let descriptor = screenDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
        guard descriptor >= 0 else { return }
        let sequence = Terminal.emergencyRestoreSequence
        _ = write(descriptor, sequence.utf8Start, sequence.utf8CodeUnitCount)
    }

    /// Puts back the saved terminal modes if they were changed. Async-signal-safe (an atomic
    /// swap and tcsetattr(3)).
    static func restoreModes() {
        let descriptor = modesDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
        guard descriptor >= 0 else { return }
        _ = tcsetattr(descriptor, TCSANOW, savedModes)
    }
}

/// The SIGWINCH handler: only notes that the window changed size.
func noteWindowResized(_ signal: Int32) {
    TerminalSignals.resized.store(true, ordering: .releasing)
}
