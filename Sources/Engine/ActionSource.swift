/// Who asked for an action: the terminal's keys, a MIDI mapping, or a remote surface (OSC,
/// `ctl`, MPRIS). A value; any thread.
///
/// Saved means asked for (docs/file-formats.md): a key that says it saves (`]` `[` a pass more
/// or less, `↑` `↓` the speed, `0` the reset) is an edit of what is saved; the same action from a
/// pedal, OSC, `ctl` or the desktop changes the running session only, and says "(this
/// session)". `w` (keep) saves whoever asks: keeping is what it is for.
public enum ActionSource: Sendable, Equatable {
    case keys
    case midi
    case remote

    /// Whether an action that says it saves does so when this source asks for it.
    public var edits: Bool { self == .keys }
}
