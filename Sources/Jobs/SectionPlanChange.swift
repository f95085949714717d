import Persistence
import WoodshedCore

/// The parts of a section's plan the user gave to `sections add` and `sections set`, as typed:
/// passes, gap, count-in, speeds, advance. Any thread.
public struct SectionPlanChange: Sendable {
    public var repeats: String?
    public var gap: String?
    public var countIn: String?
    public var speeds: String?
    public var advance: String?

    public init(repeats: String? = nil, gap: String? = nil, countIn: String? = nil, speeds: String? = nil, advance: String? = nil) {
        self.repeats = repeats
        self.gap = gap
        self.countIn = countIn
        self.speeds = speeds
        self.advance = advance
    }

    /// True when no part is given.
    public var isEmpty: Bool { repeats == nil && gap == nil && countIn == nil && speeds == nil && advance == nil }

    /// `plan` with the parts given applied; the others stay as they were.
    public func applied(to plan: RepeatPlan) throws -> RepeatPlan {
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
