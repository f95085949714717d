import WoodshedCore

/// The overview of a file's sections, as text: one row per section (number, name, A–B, plan;
/// the one playing and the list's cursor marked) and a one-line timeline of the whole file
/// with each section's mark, the play head and the loop playing. The player's screen and
/// `woodshed sections FILE list` show the same lines. Any thread (pure).
public enum SectionOverview {
    /// One row per section: `▶ 2 verse  0:12.000–0:31.500  ×4 · gap 2s · then next`. `▶` marks
    /// the section playing, `>` the list's cursor when it is on another one. `advance`: the
    /// session's, shown instead of each section's own. `sessionOnly`: the sections whose plan
    /// playing is not the one saved (a `--repeat` of this run, a loop mode): their row ends in
    /// `(this session: w keeps it)`.
    public static func rows(_ sections: [Section], rate: Int, playing: Int?, cursor: Int?,
                            advance: RepeatPlan.Advance? = nil, sessionOnly: Set<Int> = []) -> [String] {
        let digits = String(sections.count).count
        let nameWidth = min(sections.map(\.name.count).max() ?? 0, 24)
        return sections.enumerated().map { i, s in
            let mark = i == playing ? "▶" : i == cursor ? ">" : " "
            let number = String(repeating: " ", count: digits - String(i + 1).count) + String(i + 1)
            let name = s.name.count > nameWidth ? String(s.name.prefix(nameWidth - 1)) + "…"
                                                : s.name + String(repeating: " ", count: nameWidth - s.name.count)
            let range = "\(SourceTime.of(frame: s.start, rate: rate))–\(SourceTime.of(frame: s.end, rate: rate))"
            let note = sessionOnly.contains(i) ? " (this session: w keeps it)" : ""
            return "\(mark) \(number) \(name)  \(range)  \(planText(s.plan, advance: advance))\(note)"
        }
    }

    /// `×4 · gap 2s · count-in 1 · speeds 0.6× 0.8× 1× · then next`.
    public static func planText(_ plan: RepeatPlan, advance: RepeatPlan.Advance? = nil) -> String {
        var parts: [String] = []
        switch plan.repeats {
        case .times(let n): parts.append("×\(n)")
        case .endless: parts.append("endless")
        }
        switch plan.gap {
        case .none: break
        case .milliseconds(let ms): parts.append("gap \(decimal(ms))s")
        case .passMultiple(let t): parts.append("gap \(decimal(t))x")
        }
        if plan.countInBars > 0 { parts.append("count-in \(plan.countInBars)") }
        if !plan.speedLadder.isEmpty { parts.append("speeds " + plan.speedLadder.map(PlayerSession.speedText).joined(separator: " ")) }
        parts.append(PlayerSession.advanceText(advance ?? plan.advance))
        return parts.joined(separator: " · ")
    }

    /// Exactly `width` cells (at least 3): `[1───·2━━●━━3──···]`. Each cell between the brackets
    /// is an equal share of the file's `frames`: `·` where no section is, `─` inside one, `━`
    /// inside the section playing (`playing`), the section's number (1–9, `+` after) in the cell
    /// where it starts, and `●` at the play head.
    public static func timeline(_ sections: [Section], frames: Int64, width: Int, playHead: Int64? = nil,
                                playing: Int? = nil) -> String {
        let n = max(width, 3) - 2
        let total = max(frames, 1)
        /// The cell holding source frame `f`.
        func cell(_ f: Int64) -> Int { Int(min(max(Int128(f) * Int128(n) / Int128(total), 0), Int128(n - 1))) }
        /// The source frame at the middle of cell `k`.
        func middle(_ k: Int) -> Int64 { Int64((Int128(2 * k + 1) * Int128(total)) / Int128(2 * n)) }
        var cells = (0..<n).map { k -> Character in
            let f = middle(k)
            if let p = playing, sections.indices.contains(p), sections[p].start <= f, f < sections[p].end { return "━" }
            return sections.contains { $0.start <= f && f < $0.end } ? "─" : "·"
        }
        for (i, s) in sections.enumerated() where i != playing {
            cells[cell(s.start)] = mark(i)
        }
        if let p = playing, sections.indices.contains(p) { cells[cell(sections[p].start)] = mark(p) }
        if let h = playHead { cells[cell(h)] = "●" }
        return "[" + String(cells) + "]"
    }

    /// `woodshed sections FILE list`'s timeline: `0:00.000 [1───·2───3──···] 0:10.000`.
    public static func timelineText(_ sections: [Section], frames: Int64, rate: Int, width: Int = 60) -> String {
        "\(SourceTime.of(frame: 0, rate: rate)) \(timeline(sections, frames: frames, width: width)) \(SourceTime.of(frame: frames, rate: rate))"
    }

    /// Section `i`'s mark: its number 1–9, `+` for the tenth and later.
    private static func mark(_ i: Int) -> Character {
        i < 9 ? Character(String(i + 1)) : "+"
    }

    /// Thousandths as a short decimal: 2000 → "2", 1500 → "1.5", 250 → "0.25".
    private static func decimal(_ t: Int) -> String {
        String(PlayerSession.speedText(t).dropLast())
    }
}
