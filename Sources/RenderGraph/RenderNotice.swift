/// What the renderer tells the control thread, through a `CommandRing` it only pushes to.
/// Trivial payloads only. A full ring drops notices (the display skips a flash), never waits.
public enum RenderNotice: Sendable, BitwiseCopyable, Equatable {
    /// A beat started at `frame` of the timeline: bar (count-in bars negative, bar 1 is 0),
    /// beat in the bar from 0, its level, the meter of that bar and the tempo there
    /// (thousandths of a quarter-note BPM).
    case beat(bar: Int64, beat: Int32, beatsPerBar: Int32, denominator: Int32, milliBPM: Int64, levelRaw: UInt8, frame: Int64)
    /// The renderer switched to another timeline: the one with this id is no longer read and
    /// may be freed on the control thread.
    case timelineRetired(id: UInt64)
    /// A `.setTempo` could not apply (a tempo map with ramps or several tempi runs).
    case tempoRefused
    /// A finite timeline reached its end.
    case finished
}
