import OfflineBackend
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-C, `kill` or a closed terminal (SIGHUP) during a render: stop, remove the partial
/// file, exit non-zero. Install before the output's partial file is made. Main thread.
public enum Interrupts {
    public static func install() {
        QuitSignals.catching([SIGINT, SIGTERM, SIGHUP]) { _ in OfflineRender.interruptRequested.store(true, ordering: .relaxed) }
    }
}
