import Foundation

/// The signals that ask woodshed to stop (Ctrl-C, `kill`, a closed terminal), caught by a
/// handler that only sets a flag. Main thread.
public enum QuitSignals {
    /// Installs `handler` for each of `signals` and unblocks them on this thread. A parent can
    /// start us with them blocked (Foundation's `Process` passes on the calling thread's mask,
    /// and Dispatch's threads block nearly everything): a blocked SIGINT would stay pending,
    /// and a render meant to stop at Ctrl-C would run on until the disk is full.
    public static func catching(_ signals: [Int32], with handler: @convention(c) (Int32) -> Void) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals {
            signal(s, handler)
            sigaddset(&set, s)
        }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
