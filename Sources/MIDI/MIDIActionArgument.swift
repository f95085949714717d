/// The kind of `"argument"` a MIDI action takes. Any thread.
public enum MIDIActionArgument: Sendable {
    /// No argument (giving one is an error).
    case none
    /// A tempo in BPM, exact to 0.001 (stored in thousandths); nil default: required.
    case bpm(default: Int64?)
    /// Two tempi `[min, max]` in BPM.
    case bpmRange(default: (Int64, Int64))
    /// A whole number in `range`.
    case count(default: Int64, range: ClosedRange<Int64>)
    /// A whole number in `range`, or absent (then the message supplies it).
    case optionalCount(range: ClosedRange<Int64>)
    /// A name (a preset); required.
    case name
}
