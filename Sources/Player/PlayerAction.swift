/// What a musician can ask of the live rehearsal player, from a key or a mapped MIDI message.
/// Any thread may build one; `PlayerSession.perform` runs it on the control thread.
public enum PlayerAction: Equatable, Sendable {
    /// Pause, or play on (at the end of the program: the section again).
    case togglePause
    /// The next (+1) or previous (−1) section, from its first pass.
    case sectionStep(Int)
    /// The section playing, again from its first pass.
    case sectionAgain
    /// One pass more (+1) or less (−1) for the section playing.
    case repeatStep(Int)
    /// The session speed up or down by this many thousandths (50 = 5 %), from where the pass is.
    case speedStep(Int)
    /// The play head forward or back by this many milliseconds of the file, within the pass.
    case jump(milliseconds: Int)
    /// The section's start (A) here.
    case markIn
    /// The section's end (B) here: with a mark in, a new section from it to here.
    case markOut
    /// Move the playing section's start (A) or end (B) by this many milliseconds (±).
    case nudge(SectionEdge, milliseconds: Int)
    /// The click (count-ins and the music's click) on or off.
    case toggleClick

    /// Which end of a section.
    public enum SectionEdge: Equatable, Sendable { case start, end }
}
