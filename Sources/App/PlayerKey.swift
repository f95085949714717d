/// The rehearsal player's own keys, which no pedal, remote or other session sends: the
/// overview's list, the reset, keeping a quick loop and the session's advance
/// (`KeyMap.playerOwn`; `PlayerController` carries them out). Any thread (a value).
public enum PlayerKey: Equatable, Sendable {
    /// The list's cursor one section down (+1) or up (−1).
    case moveCursor(Int)
    /// The section under the list's cursor, from its first pass.
    case startCursor
    /// Speed 1, transpose 0 and the section's saved plan.
    case reset
    /// The quick loop playing kept as a section of the file.
    case keepLoop
    /// What follows each section (next, stop, loop-all) for this session.
    case cycleAdvance
}
