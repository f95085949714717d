/// A command to the player's worker thread, sent by `PlayerSession` on the control thread: what
/// the worker must change in the music it renders ahead, not a user intent (that is `Action`, in
/// `Control`). Any thread (a value).
public enum PlayerRequest: Hashable, Sendable {
    /// Start section `index` from its first pass (next, previous, again, or a chosen one).
    case playSection(Int)
    /// Start section `index` from its first pass, that pass alone at `speed` thousandths (the
    /// learner's "again, slower" and "again, faster"); the steps after it as the program has them.
    case playSectionOnce(Int, speed: Int)
    /// A new session speed (thousandths): the pass playing continues from where it is at it.
    case speed(Int)
    /// A new transpose (cents): applies from where the pass is.
    case transpose(Int)
    /// Move the play head by this many source frames within the pass (jump ±5 s).
    case seek(sourceFrames: Int64)
    /// Replace the program (sections edited, repeat count changed); what plays now goes on,
    /// the next steps follow the new program.
    case replaceProgram(PracticeProgram)
}
