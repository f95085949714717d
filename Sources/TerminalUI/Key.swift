/// One key press, decoded from the terminal's bytes by `KeyReader`. Any thread (a plain value).
public enum Key: Equatable, Sendable {
    /// A printable character (never a control character), e.g. `q`, `+`, `ä`.
    case char(Character)
    case space, enter, escape
    case up, down, left, right, pageUp, pageDown, home, end
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Ctrl-C. The terminal's signal keys are off in full-screen mode, so it arrives as a key:
    /// treat it as quit.
    case ctrlC
    /// Anything else: other control keys, Alt-combinations, function keys, broken sequences.
    case unknown
}
