import Engine

/// The live session as remote controllers drive it: actions of the one vocabulary, and the
/// few klick settings the vocabulary has no action for. Control thread only (App implements
/// it over `LiveSession` and the session's controller).
public protocol RemoteTarget: AnyObject {
    /// Runs one command (an action, or a player action with its argument).
    func perform(_ command: OSCCommand, now: Double)
    /// The state now.
    func remoteState(now: Double) -> SessionState
    /// klick's `set_meter`: beats and denominator from the next bar; nil when done, else why not.
    func setMeter(beats: Int, denominator: Int) -> String?
    /// klick's `set_pattern` (`X..x.x.`, empty for the standard accent); nil when done, else why not.
    func setPattern(_ pattern: String) -> String?
    /// The last message the session said (shown as a warning when a command is refused).
    var lastMessage: String { get }
}
