import WoodshedCore

/// What changed between two versions of a practice file, in one line, as `sections FILE
/// history` shows it: `- verse, + chorus, ~ bridge (repeat 4→8, to 0:12.000→0:12.500),
/// order, settings`. Any thread (pure).
extension PracticeFile {
    /// The changes from `older` to this version: sections removed (`- NAME`, in their old
    /// order), added (`+ NAME`) and changed (`~ NAME (what)`, in this order), then `order`
    /// when the same sections are in another order, `settings` and `path` (the audio's last
    /// known path); "no change" when there is none.
    public func changes(since older: PracticeFile) -> String {
        let before = Dictionary(older.sections.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let now = Set(sections.map(\.name))
        var parts = older.sections.filter { !now.contains($0.name) }.map { "- \($0.name)" }
        for s in sections {
            guard let old = before[s.name] else { parts.append("+ \(s.name)"); continue }
            if old != s { parts.append("~ \(s.name) (\(s.differences(from: old, rate: rate).joined(separator: ", ")))") }
        }
        let kept = sections.map(\.name).filter { before[$0] != nil }
        if kept != older.sections.map(\.name).filter({ now.contains($0) }) { parts.append("order") }
        if settings != older.settings { parts.append("settings") }
        if lastKnownPath != older.lastKnownPath { parts.append("path") }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}

extension Section {
    /// `from 0:01.000→0:02.000`, `repeat 4→8`, `text`, … for each field that differs.
    func differences(from old: Section, rate: Int) -> [String] {
        func time(_ frame: Int64) -> String { SourceTime.of(frame: frame, rate: rate).description }
        func change(_ what: String, _ a: String, _ b: String) -> String? { a == b ? nil : "\(what) \(a)→\(b)" }
        let (p, q) = (old.plan, plan)
        return [
            change("from", time(old.start), time(start)),
            change("to", time(old.end), time(end)),
            change("repeat", p.repeats.text, q.repeats.text),
            change("gap", p.gap.fileText ?? "none", q.gap.fileText ?? "none"),
            change("count-in", "\(p.countInBars)", "\(q.countInBars)"),
            change("speeds", p.speedText, q.speedText),
            change("advance", p.advance.rawValue, q.advance.rawValue),
            old.text == text ? nil : "text",
        ].compactMap { $0 }
    }
}

extension RepeatPlan {
    /// The speed ladder as a file writes it ("0.6 0.8 1"), "none" without one.
    var speedText: String {
        speedLadder.isEmpty ? "none" : speedLadder.map { formatThousandths(Int64($0)) }.joined(separator: " ")
    }
}

extension RepeatPlan.Repeats {
    /// "4" or "endless".
    var text: String {
        switch self {
        case .times(let n): "\(n)"
        case .endless: "endless"
        }
    }
}
