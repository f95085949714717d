import Foundation
import Synchronization

/// A JACK client being closed on a thread of its own. Made and waited on by the control
/// thread; the closing thread alone touches the connection from then on.
///
/// Why a thread: `jack_client_close` deactivates the client first, a request jackd answers only
/// after its next cycle. A server that is stopping at the same moment has stopped its cycles:
/// jackd waits 10 × its client timeout (5 s by default) before it answers, or never answers when
/// its own shutdown is stuck, and libjack waits for that answer with no time limit. The control
/// thread must not wait with it: quitting has to stay within a second, and a server that went
/// away must not freeze the display. A close left unfinished at quit ends with the process,
/// while a child keeps its sockets open until jackd has finished (`woodshed_jack_hold_sockets`:
/// jackd dies of SIGPIPE if its answer finds them closed).
final class ClosingClient: @unchecked Sendable {
    private let connection: JackConnection
    private let finished = Atomic<Bool>(false)
    private let done = DispatchSemaphore(value: 0)

    /// Starts closing `connection` (deactivate, close, free its scope buffers) on a new thread,
    /// which keeps it and its render context alive until the close has returned.
    init(_ connection: JackConnection) {
        self.connection = connection
        let thread = Thread { [self] in
            self.connection.close()
            finished.store(true, ordering: .releasing)
            done.signal()
        }
        thread.name = "woodshed-jack-close"
        thread.start()
    }

    /// True once `jack_client_close` has returned.
    var isFinished: Bool { finished.load(ordering: .acquiring) }

    /// Waits until the close has returned or `deadline` has passed; true when it returned.
    func wait(until deadline: DispatchTime) -> Bool {
        isFinished || done.wait(timeout: deadline) == .success
    }
}
