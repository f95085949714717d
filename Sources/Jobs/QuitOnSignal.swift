import App
import Engine
import Foundation

/// SIGINT, SIGTERM and SIGHUP end the live loop at once (`QuitSignal`). Main thread.
public func installQuitSignals() {
    QuitSignals.catching([SIGINT, SIGTERM, SIGHUP], with: quitSignalHandler)
}
