/// The whole numbers an option takes, defined once for every command and file that takes them
/// (`play`, `render`, `shadow`, `sections`, the practice file), with the one message that names
/// a value outside them. Any thread (a value).
public struct OptionRange: Hashable, Sendable {
    /// The option as users type it, e.g. "--repeat".
    public let option: String
    public let range: ClosedRange<Int>
    /// Said after the range ("bars", "ms"); empty for none.
    public let unit: String
    /// A word the option takes besides the numbers ("endless"), or nil.
    public let word: String?

    public init(_ option: String, _ range: ClosedRange<Int>, unit: String = "", or word: String? = nil) {
        self.option = option; self.range = range; self.unit = unit; self.word = word
    }

    /// "use 1 to 10000, or endless", "use 0 to 64 bars".
    public var allowed: String {
        "use \(range.lowerBound) to \(range.upperBound)" + (unit.isEmpty ? "" : " \(unit)") + (word.map { ", or \($0)" } ?? "")
    }

    /// Throws "--repeat -1 is out of range: use 1 to 10000, or endless" outside the range.
    public func check(_ value: Int) throws(OptionRangeError) {
        guard range.contains(value) else { throw OptionRangeError("\(option) \(value) is out of range: \(allowed)") }
    }

    /// A whole number in the range ("-1" is read, then refused as out of range); anything else
    /// is "--repeat 'many' is not valid: use 1 to 10000, or endless".
    public func value(_ text: String) throws(OptionRangeError) -> Int {
        guard let v = Int(text) else { throw OptionRangeError("\(option) '\(text)' is not valid: \(allowed)") }
        try check(v)
        return v
    }
}

extension OptionRange {
    /// Passes of a section (`--repeat`, a plan's "repeat").
    public static let repeats = OptionRange("--repeat", 1...10_000, or: "endless")
    /// Bars of count-in before bar 1 or before each pass (`--count-in`, a plan's "countIn",
    /// a preset's "countIn"): as many as a `ClickTimeline` takes.
    public static let countIn = OptionRange("--count-in", 0...64, unit: "bars")
    /// The equal-power crossfade at each loop seam (`play`, `shadow`, `render --play`).
    public static let crossfade = OptionRange("--crossfade", 0...500, unit: "ms")
    /// Beats per bar of the player's click and count-in.
    public static let beatsPerBar = OptionRange("--beats-per-bar", 1...64)
    /// Clicks per beat (`--subdivide`).
    public static let subdivide = OptionRange("--subdivide", 1...16)
    /// Bars to click or render (`--bars`): as many as a klick map line may have.
    public static let bars = OptionRange("--bars", 1...1_000_000)

    /// The longest time in seconds anything runs or renders for (`--seconds`, `--for`,
    /// `--fade`, a noise preset's "forSeconds"): a day.
    public static let longestSeconds = 86_400

    /// `--repeat` as a plan takes it: a number of passes or "endless".
    public static func passes(_ text: String) throws(OptionRangeError) -> RepeatPlan.Repeats {
        text == "endless" ? .endless : .times(try repeats.value(text))
    }
}
