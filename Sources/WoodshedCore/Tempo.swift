/// A tempo in quarter notes per minute, exact to a thousandth of a BPM. Any thread.
///
/// As in klick, the beat of a tempo is always the quarter note, whatever the meter: 7/8 at 133
/// puts its eighth-note beats 60/133/2 seconds apart.
public struct Tempo: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Thousandths of a quarter note per minute (120 BPM is 120_000).
    public let milliBPM: Int64

    /// The range users may ask for.
    public static let allowed: ClosedRange<Int64> = 1_000...1_000_000

    /// A tempo from thousandths of a BPM; throws outside 1–1000 BPM.
    public init(milliBPM: Int64) throws(TimingError) {
        guard Tempo.allowed.contains(milliBPM) else {
            throw .tempoOutOfRange(Tempo.format(milliBPM))
        }
        self.milliBPM = milliBPM
    }

    /// Parses "120", "97.5" or "133.333": a decimal with at most three places, 1–1000 BPM.
    public init(parsing text: String) throws(TimingError) {
        let milli = try Decimal3.parse(text, what: "tempo")
        try self.init(milliBPM: milli)
    }

    /// Whole BPM, for tests and presets.
    public init(bpm: Int) throws(TimingError) { try self.init(milliBPM: Int64(bpm) * 1000) }

    /// For display only: never carried through the timeline.
    public var bpm: Double { Double(milliBPM) / 1000 }

    public var description: String { Tempo.format(milliBPM) }

    static func format(_ milli: Int64) -> String {
        let sign = milli < 0 ? "-" : ""
        let m = milli.magnitude
        let whole = m / 1000, frac = m % 1000
        if frac == 0 { return "\(sign)\(whole)" }
        var f = String(frac)
        while f.count < 3 { f = "0" + f }
        while f.hasSuffix("0") { f.removeLast() }
        return "\(sign)\(whole).\(f)"
    }

    public static func < (a: Tempo, b: Tempo) -> Bool { a.milliBPM < b.milliBPM }
}
