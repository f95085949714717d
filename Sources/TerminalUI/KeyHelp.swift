/// One entry of the key legend, e.g. `KeyHelp(keys: "space", action: "start/stop")`.
/// Any thread (a plain value).
public struct KeyHelp: Equatable, Sendable {
    /// The key or keys, as printed, e.g. "space" or "↑/↓".
    public var keys: String
    /// What they do, e.g. "start/stop".
    public var action: String

    /// A legend entry.
    public init(keys: String, action: String) {
        self.keys = keys; self.action = action
    }
}
