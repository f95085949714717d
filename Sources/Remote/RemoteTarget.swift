import Engine

/// The live session as OSC and `ctl` drive it: actions of the one vocabulary, the state read
/// back, and what the session said (the reason for a refusal). Control thread only
/// (`HostTarget` implements it over the engine's `SurfaceHost`).
public protocol RemoteTarget: AnyObject {
    /// Runs one command (an action, or a player action with its argument).
    func perform(_ command: OSCCommand, now: Double)
    /// The state now.
    func remoteState(now: Double) -> SessionState
    /// The last message the session said (shown as a warning when a command is refused).
    var lastMessage: String { get }
}
