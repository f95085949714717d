/// `click --coach`'s figures on a click line of the practice log: the onsets heard, their mean
/// deviation and spread (the standard deviation), the clicks with no onset, and the gap
/// trainer's drift (the mean deviation over its muted bars). Milliseconds as exact thousandths
/// (microseconds); positive = late. Any thread (a value).
///
/// As JSON, after the click's fields: `"hits":32,"mean_ms":1.25,"spread_ms":4.001,"missed":1`
/// and `"drift_ms":-12.5` when a gap trainer ran; `mean_ms` and `spread_ms` are absent without
/// hits. A line without `hits` was not coached (and older readers skip these keys).
public struct PracticeLogCoaching: Sendable, Equatable {
    public var hits: Int
    public var meanMicroseconds: Int64?
    public var spreadMicroseconds: Int64?
    public var missed: Int
    public var driftMicroseconds: Int64?

    public init(hits: Int, meanMicroseconds: Int64?, spreadMicroseconds: Int64?, missed: Int, driftMicroseconds: Int64? = nil) {
        self.hits = hits
        self.meanMicroseconds = meanMicroseconds
        self.spreadMicroseconds = spreadMicroseconds
        self.missed = missed
        self.driftMicroseconds = driftMicroseconds
    }

    /// Milliseconds rounded to the microsecond.
    public static func microseconds(_ ms: Double?) -> Int64? { ms.map { Int64(($0 * 1000).rounded()) } }

    /// The fields as they follow the click's on its line.
    var fields: [(String, String)] {
        var out = [("hits", String(hits))]
        if let meanMicroseconds { out.append(("mean_ms", formatThousandths(meanMicroseconds))) }
        if let spreadMicroseconds { out.append(("spread_ms", formatThousandths(spreadMicroseconds))) }
        out.append(("missed", String(missed)))
        if let driftMicroseconds { out.append(("drift_ms", formatThousandths(driftMicroseconds))) }
        return out
    }

    /// Reads the fields from a click line; nil when it has no `hits` (not coached).
    static func read(_ root: JSONNode, _ object: [String: Any]) throws(JSONFieldError) -> PracticeLogCoaching? {
        guard let hitsNode = root.field("hits", of: object) else { return nil }
        func ms(_ key: String) throws(JSONFieldError) -> Int64? { try root.field(key, of: object)?.thousandths("milliseconds") }
        return PracticeLogCoaching(hits: try hitsNode.wholeNumber(in: 0...1_000_000_000), meanMicroseconds: try ms("mean_ms"),
                                   spreadMicroseconds: try ms("spread_ms"),
                                   missed: try root.field("missed", of: object)?.wholeNumber(in: 0...1_000_000_000) ?? 0,
                                   driftMicroseconds: try ms("drift_ms"))
    }
}
