import ArgumentParser
import Persistence
import WoodshedCore

/// The plan options of `sections add` and `sections set`, and a plan as one line of text. Main thread.
struct SectionsPlanOptions: ParsableArguments {
    // Values are taken as they are, even with a leading "-" (then refused, naming the value and
    // the range), rather than read as an option.
    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Passes: 1 to 10000, or endless.")
    var repeats: String?

    @Option(parsing: .unconditional, help: "Silence after each pass: a time (2s, 1500ms) or a multiple of the pass (1.5x); 0 for none.")
    var gap: String?

    @Option(name: .customLong("count-in"), parsing: .unconditional, help: "Bars of count-in clicks before each pass (0-64).")
    var countIn: String?

    @Option(parsing: .unconditional, help: "Speed of each pass, e.g. 0.6,0.8,1.0 (the last holds); 'none' for the session's speed.")
    var speeds: String?

    @Option(help: "After the last pass: next, stop or loop-all.")
    var advance: String?

    var isEmpty: Bool { repeats == nil && gap == nil && countIn == nil && speeds == nil && advance == nil }

    /// `plan` with the options given applied; the others stay as they were.
    func applied(to plan: RepeatPlan) throws -> RepeatPlan {
        var plan = plan
        do {
            if let repeats { plan.repeats = try OptionRange.passes(repeats) }
            if let countIn { plan.countInBars = try OptionRange.countIn.value(countIn) }
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        if let gap {
            do { plan.gap = try RepeatPlan.parseGap(gap) } catch { throw ValidationErrorMessage(error.description) }
        }
        if let speeds {
            if speeds == "none" {
                plan.speedLadder = []
            } else {
                var ladder: [Int] = []
                for part in speeds.split(separator: ",", omittingEmptySubsequences: false) {
                    do { ladder.append(try RepeatPlan.parseSpeed(String(part))) } catch { throw ValidationErrorMessage(error.description) }
                }
                plan.speedLadder = ladder
            }
        }
        if let advance {
            guard let a = RepeatPlan.Advance(rawValue: advance) else {
                throw ValidationErrorMessage("--advance takes next, stop or loop-all, not '\(advance)'")
            }
            plan.advance = a
        }
        return plan
    }
}

extension RepeatPlan {
    /// "8 passes, gap 1.5x, count-in 1 bar, speeds 0.6 0.75 1, then next".
    var summary: String {
        var parts: [String] = []
        switch repeats {
        case .times(let n): parts.append(plural(n, "pass", "passes"))
        case .endless: parts.append("endless")
        }
        if let gap = gap.fileText { parts.append("gap \(gap)") }
        if countInBars > 0 { parts.append("count-in \(plural(countInBars, "bar"))") }
        if !speedLadder.isEmpty { parts.append("speeds " + speedLadder.map(SectionsText.speed).joined(separator: " ")) }
        switch advance {
        case .next: parts.append("then next")
        case .stop: parts.append("then stop")
        case .loopAll: parts.append("then loop all")
        }
        return parts.joined(separator: ", ")
    }
}

/// Numbers as `sections` shows them. Any thread.
enum SectionsText {
    /// 750 thousandths is "0.75", 1000 is "1".
    static func speed(_ milli: Int) -> String {
        let whole = milli / 1000
        var fraction = String(milli % 1000)
        guard fraction != "0" else { return "\(whole)" }
        while fraction.count < 3 { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)"
    }
}
