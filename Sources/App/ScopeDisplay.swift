import RenderGraph
import TerminalUI

/// The oscilloscope and meters on a live screen: the tap's latest picture drawn below the
/// screen's own lines (which give up the bottom rows). Flat when nothing plays. Main thread.
public enum ScopeDisplay {
    /// `screen` (laid out for `height`) with the scope in its lower part; the screen alone when
    /// there is no picture yet or no room.
    public static func compose(_ screen: (Int) -> [String], snapshot: ScopeSnapshot?, width: Int, height: Int) -> [String] {
        let scopeHeight = min(max(height / 2, 0), 12)
        guard let snapshot, scopeHeight >= 5 else { return screen(height) }
        let envelope = snapshot.envelope()
        let labels = ["click", "L", "R"]
        let meters = zip(labels, snapshot.ports).map { label, port in
            ScopeLines.Meter(label: label, rmsDecibels: port.rmsDecibels, peakDecibels: port.peakDecibels,
                             heldPeakDecibels: port.heldPeakDecibels)
        }
        let scope = ScopeView.lines(for: ScopeLines(minimums: envelope.minimums, maximums: envelope.maximums, meters: meters),
                                    width: width, height: scopeHeight)
        return screen(height - scopeHeight) + scope
    }
}
