/// What the recorder tells the control thread, in order (the screen, the practice log, the
/// status lines). Any thread (a value).
public enum TakeEvent: Sendable, Equatable {
    /// Your turn for section `section`'s pass `pass` (0-based) is being recorded.
    case recording(section: Int, pass: Int)
    /// A take was saved (`frames` long); `removed`: older takes of its section dropped by `--keep`.
    case saved(Take, pass: Int, frames: Int64, removed: [String])
    /// Recording stopped for good (a full disk, a write error): one line for the user.
    case stopped(String)
    /// A take was dropped (the input fell behind, or the take could not start): one line.
    case dropped(String)
}
