import Coach
import Foundation

/// A coach report written out: a table with the summary, JSON (the rows and the summary) or
/// CSV (the rows). The shapes are documented in docs/coach.md. Any thread (a value).
public struct CoachJobOutput {
    public let report: CoachReport

    public init(report: CoachReport) { self.report = report }

    public func text(_ format: CoachJob.Format) -> String {
        switch format {
        case .table: table
        case .json: json
        case .csv: csv
        }
    }

    /// `time  deviation  position` then one row per onset (`    1.500 s    +2.25 ms  1.4.1`) and the summary line.
    public var table: String {
        var lines = ["       time   deviation  position"]
        for r in report.rows {
            let row = String(format: "%9.3f s  %+7.2f ms  ", r.time, Self.rounded(r.deviationMs)) + r.position.description
            lines.append(row + (r.isExtra ? " (extra)" : ""))
        }
        lines.append(summaryLine)
        return lines.joined(separator: "\n") + "\n"
    }

    /// "32 onsets: mean +0.41 ms (late), spread 2.10 ms; 1 click missed, 0 extra onsets".
    public var summaryLine: String {
        let s = report.summary
        let side = s.count == 0 ? "" : s.meanMs > 0.005 ? " (late)" : s.meanMs < -0.005 ? " (early)" : ""
        return "\(plural(s.count, "onset")): mean \(Self.hundredths(s.meanMs, sign: true)) ms\(side), "
            + "spread \(Self.hundredths(s.spreadMs)) ms; \(plural(s.missing, "click")) missed, \(plural(s.extra, "extra onset"))"
    }

    /// `{"onsets": [{"time": …, "position": "1.1.1", "deviation_ms": …}, …], "summary": {…}}`.
    public var json: String {
        let rows = report.rows.map {
            "    {\"time\": \(Self.microseconds($0.time)), \"position\": \"\($0.position)\", \"deviation_ms\": \(Self.hundredths($0.deviationMs))}"
        }
        let s = report.summary
        return """
            {
              "onsets": [\(rows.isEmpty ? "" : "\n" + rows.joined(separator: ",\n") + "\n  ")],
              "summary": {"count": \(s.count), "mean_ms": \(Self.hundredths(s.meanMs)), "spread_ms": \(Self.hundredths(s.spreadMs)), "missing": \(s.missing), "extra": \(s.extra)}
            }

            """
    }

    /// `time,position,deviation_ms` then one line per onset.
    public var csv: String {
        (["time,position,deviation_ms"] + report.rows.map { "\(Self.microseconds($0.time)),\($0.position),\(Self.hundredths($0.deviationMs))" })
            .joined(separator: "\n") + "\n"
    }

    /// Milliseconds to two decimals ("1.25", "-0.40"; never "-0.00"), with a sign when `sign` ("+0.00", "+1.25").
    static func hundredths(_ x: Double, sign: Bool = false) -> String {
        String(format: sign ? "%+.2f" : "%.2f", rounded(x))
    }

    /// x to the nearest hundredth, and 0 rather than −0.
    static func rounded(_ x: Double) -> Double {
        let r = (x * 100).rounded() / 100
        return r == 0 ? 0 : r
    }

    /// Seconds to six decimals (a microsecond).
    static func microseconds(_ x: Double) -> String { String(format: "%.6f", x) }
}
