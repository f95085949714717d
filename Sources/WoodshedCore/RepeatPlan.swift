/// How a section is practised: how many passes, the gap after each, a count-in before each,
/// a speed per pass (a ladder), and what comes after the last pass. Any thread (a value).
public struct RepeatPlan: Hashable, Sendable {
    /// How many passes.
    public enum Repeats: Hashable, Sendable {
        case times(Int)
        case endless
    }

    /// The silence after each pass.
    public enum Gap: Hashable, Sendable {
        case none
        /// A fixed time.
        case milliseconds(Int)
        /// A multiple of the pass's played length (at its speed), in thousandths: 1500 = 1.5×.
        case passMultiple(thousandths: Int)
    }

    /// What happens after the last pass.
    public enum Advance: String, Hashable, Sendable, CaseIterable {
        /// On to the next section (the last one stops).
        case next
        /// Stop playing.
        case stop
        /// On to the next section, and from the last back to the first.
        case loopAll = "loop-all"
    }

    public var repeats: Repeats
    public var gap: Gap
    /// Bars of count-in clicks before each pass (0: none).
    public var countInBars: Int
    /// Speed of pass i in thousandths (750 = 0.75×); the last one holds for later passes.
    /// Empty: every pass at the session's speed.
    public var speedLadder: [Int]
    public var advance: Advance
    /// Shadowing: the first pass has no gap after it (you listen; the later passes leave you a
    /// turn). Not saved in the sections file (a `woodshed shadow` option).
    public var listenFirst = false
    /// Shadowing: after the last pass and its gap, one more turn of silence as long as a gap
    /// (the pass itself when there is no gap): you say it without hearing it first. Only for a
    /// counted plan. Not saved in the sections file.
    public var blindPass = false

    public init(repeats: Repeats = .times(1), gap: Gap = .none, countInBars: Int = 0,
                speedLadder: [Int] = [], advance: Advance = .stop) {
        self.repeats = repeats
        self.gap = gap
        self.countInBars = countInBars
        self.speedLadder = speedLadder
        self.advance = advance
    }

    /// The speed of pass `index` (0-based), in thousandths: the ladder's, or `sessionSpeed`.
    public func speed(ofPass index: Int, sessionSpeed: Int) -> Int {
        guard let last = speedLadder.last else { return sessionSpeed }
        return index < speedLadder.count ? speedLadder[index] : last
    }

    /// Whether pass `index` (0-based) is the last one.
    public func isLastPass(_ index: Int) -> Bool {
        if case .times(let n) = repeats { return index + 1 >= n }
        return false
    }

    /// Passes a plan may ask for: the same as `--repeat` takes.
    public static let passRange = OptionRange.repeats.range
    /// Bars of count-in a plan may ask for: the same as `--count-in` takes.
    public static let countInRange = OptionRange.countIn.range

    /// Parses a speed: "0.75", "75%", "0.6x". Speeds are kept in thousandths, from 250 to 2000.
    public static func parseSpeed(_ text: String) throws(TimingError) -> Int {
        var t = Substring(text)
        var percent = false
        if t.hasSuffix("%") { percent = true; t = t.dropLast() } else if t.hasSuffix("x") || t.hasSuffix("×") { t = t.dropLast() }
        guard let v = try? Int(Decimal3.parse(String(t), what: "speed")) else { throw .badSpeed(text) }
        let thousandths = percent ? v / 100 : v
        guard !percent || v % 100 == 0, (250...2000).contains(thousandths) else { throw .badSpeed(text) }
        return thousandths
    }

    /// Parses a gap: "2s", "1500ms", "0", "1.5x" (a multiple of the pass).
    public static func parseGap(_ text: String) throws(TimingError) -> Gap {
        if text.hasSuffix("x") || text.hasSuffix("×") {
            guard let v = try? Int(Decimal3.parse(String(text.dropLast()), what: "gap")), v >= 0, v <= 100_000 else { throw .badGap(text) }
            return v == 0 ? .none : .passMultiple(thousandths: v)
        }
        guard let t = try? SourceTime(parsing: text), t.microseconds >= 0, t.microseconds % 1_000 == 0 else { throw .badGap(text) }
        return t.microseconds == 0 ? .none : .milliseconds(Int(t.microseconds / 1_000))
    }
}
