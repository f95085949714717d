/// A point in musical time: bar (count-in bars negative, bar 1 is 0), beat in the bar from 0,
/// fraction of the beat, and the meter and tempo there. Any thread.
@frozen public struct MusicalPosition: Sendable, Equatable {
    public var bar: Int64
    public var beat: Int64
    public var beatFraction: Double
    public var beatsPerBar: Int64
    public var denominator: Int64
    public var milliBPM: Int64
}
