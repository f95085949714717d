import Engine

/// `woodshed ctl`'s Unix socket as a surface: each connection is read when it is readable, its
/// request handled (`ControlRequests`), the state sent back (after `settleSeconds` for an
/// action, then a status refresh; at once for the action that ended the run, `quit`) and the
/// connection closed; the socket is closed when the run ends. Control thread.
public final class ControlSocketSurface: Surface {
    /// How long after an action its state is read back: the player's worker takes a section
    /// change or a speed within a few cycles, and `ctl` prints the state it led to.
    public static let settleSeconds = 0.1

    public let socket: ControlSocket
    private var target: HostTarget?
    private var input: ControlLoop.InputID?
    private weak var loop: ControlLoop?

    public init(_ socket: ControlSocket) { self.socket = socket }

    public func attach(to host: SurfaceHost) {
        let target = HostTarget(host)
        self.target = target
        let loop = host.loop
        self.loop = loop
        input = loop.watch(socket.descriptor) { [unowned self, unowned loop, unowned host] in
            while let connection = socket.accept() {
                var input: ControlLoop.InputID?
                input = loop.watch(connection.descriptor) { [unowned loop] in
                    guard let packets = connection.read() else {
                        if let input { loop.unwatch(input) }
                        return
                    }
                    guard let packet = packets.first else { return }
                    if let input { loop.unwatch(input) }
                    switch ControlRequests.handle(packet, target: target, now: loop.now) {
                    case .refused(let reply): connection.send([reply])
                    case .state: connection.send([target.remoteState(now: loop.now).message])
                    case .performed where loop.end != nil:
                        // `quit`: the state as the run ends, before the socket goes with it.
                        connection.send([target.remoteState(now: loop.now).message])
                    case .performed:
                        host.refreshNow()
                        loop.after(Self.settleSeconds) { [unowned loop] in connection.send([target.remoteState(now: loop.now).message]) }
                    }
                }
            }
        }
    }

    public func detach() {
        if let input { loop?.unwatch(input) }
        input = nil
        socket.close()
        target = nil
    }
}
