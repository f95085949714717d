import Engine

/// `--osc PORT` as a surface: the loop reads the socket when a packet waits (then a status
/// refresh), and each refresh runs klick's speed trainer, the bundles whose time has come and
/// the reports to klick's clients and Woodshed's subscribers. Control thread.
public final class OSCSurface: Surface {
    public let server: OSCServer
    private var target: HostTarget?
    private var input: ControlLoop.InputID?
    private weak var loop: ControlLoop?

    public init(_ server: OSCServer) { self.server = server }

    public func attach(to host: SurfaceHost) {
        let target = HostTarget(host)
        self.target = target
        loop = host.loop
        input = host.loop.watch(server.descriptor) { [unowned self, unowned host] in
            server.receive(target: target, now: host.loop.now)
            host.refreshNow()
        }
    }

    public func show(_ state: SessionState, now: Double) {
        if let target { server.refresh(target: target, now: now) }
    }

    public func detach() {
        if let input { loop?.unwatch(input) }
        input = nil
        target = nil
    }

    public var startLine: String? { server.startLine }

    public var screenWarning: String? { OSCSurface.warning(listening: server.socket.local) }

    /// The warning said while OSC listens beyond this computer (not on 127.x.x.x); nil on loopback.
    public static func warning(listening local: OSCPeer) -> String? {
        local.host.hasPrefix("127.") ? nil
            : "Warning: OSC listens on \(local) and has no authentication: anyone who can reach it controls Woodshed"
    }
}
