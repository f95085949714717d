import Engine

/// `RemoteTarget` over the engine a remote surface is attached to: commands become actions
/// from `.remote`. Control thread.
final class HostTarget: RemoteTarget {
    unowned let host: SurfaceHost

    init(_ host: SurfaceHost) { self.host = host }

    func perform(_ command: OSCCommand, now: Double) { host.perform(command.action, from: .remote) }
    func remoteState(now: Double) -> SessionState { host.state(now: now) }
    var lastMessage: String { host.lastMessage }
}
