/// A time signature: `beats` per bar, each a 1/`denominator` note. Any thread.
public struct Meter: Hashable, Sendable, CustomStringConvertible {
    public let beats: Int
    public let denominator: Int

    public init(beats: Int, denominator: Int) throws(TimingError) {
        guard (1...64).contains(beats), (1...64).contains(denominator) else {
            throw .badMeter("\(beats)/\(denominator)")
        }
        self.beats = beats
        self.denominator = denominator
    }

    /// Parses "7/8".
    public init(parsing text: String) throws(TimingError) {
        let p = text.split(separator: "/", omittingEmptySubsequences: false)
        guard p.count == 2, let b = Int(p[0]), let d = Int(p[1]) else { throw .badMeter(text) }
        try self.init(beats: b, denominator: d)
    }

    public static let fourFour = try! Meter(beats: 4, denominator: 4)

    public var description: String { "\(beats)/\(denominator)" }
}
