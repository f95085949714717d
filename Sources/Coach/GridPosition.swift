/// A place on the click grid in the user's words: bar, beat in the bar and step in the beat,
/// all counted from 1 (count-in bars are 0 and below). Any thread (a value).
public struct GridPosition: Sendable, Hashable, CustomStringConvertible {
    public var bar: Int
    public var beat: Int
    public var subdivision: Int

    public init(bar: Int, beat: Int, subdivision: Int) {
        self.bar = bar; self.beat = beat; self.subdivision = subdivision
    }

    /// "bar.beat.subdivision", e.g. "3.2.1".
    public var description: String { "\(bar).\(beat).\(subdivision)" }
}
