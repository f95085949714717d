import Persistence
import WoodshedCore

/// A plan as `sections` shows it. Any thread.
extension RepeatPlan {
    /// "8 passes, gap 1.5x, count-in 1 bar, speeds 0.6 0.75 1, then next".
    public var summary: String {
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
