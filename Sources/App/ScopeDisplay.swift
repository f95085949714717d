import RenderGraph
import TerminalUI

/// The oscilloscope and meters on a live screen: the tap's latest picture drawn below the
/// screen's own lines (which give up the bottom rows). Flat when nothing plays. With
/// `spectrum` (`--scope spectrum`), a line of the music's spectrum goes under the trace,
/// worked out here from the snapshot's music samples (`PowerSpectrum`), never on the render
/// thread. Main thread.
public enum ScopeDisplay {
    /// `screen` (laid out for `height`) with the scope in its lower part; the screen alone when
    /// there is no picture yet or no room.
    public static func compose(_ screen: (Int) -> [String], snapshot: ScopeSnapshot?, width: Int, height: Int,
                               spectrum: Bool = false) -> [String] {
        let scopeHeight = min(max(height / 2, 0), 12)
        guard let snapshot, scopeHeight >= 5 else { return screen(height) }
        let envelope = snapshot.envelope()
        let labels = ["click", "L", "R"]
        let meters = zip(labels, snapshot.ports).map { label, port in
            ScopeLines.Meter(label: label, rmsDecibels: port.rmsDecibels, peakDecibels: port.peakDecibels,
                             heldPeakDecibels: port.heldPeakDecibels)
        }
        var scope = ScopeView.lines(for: ScopeLines(minimums: envelope.minimums, maximums: envelope.maximums, meters: meters),
                                    width: width, height: scopeHeight)
        if spectrum, let line = spectrumLine(snapshot, width: width) {
            // Under the trace, in place of its last row: the meters stay below.
            let traceRows = scopeHeight - min(scopeHeight, meters.count)
            if traceRows >= 2 { scope[traceRows - 1] = line }
        }
        return screen(height - scopeHeight) + scope
    }

    /// The spectrum of the snapshot's music samples as bars (`ScopeSpectrum`); nil without samples.
    static func spectrumLine(_ snapshot: ScopeSnapshot, width: Int) -> String? {
        let size = 1 << (Int.bitWidth - 1 - snapshot.music.count.leadingZeroBitCount)
        guard snapshot.music.count >= 256, snapshot.rate > 0 else { return nil }
        var power = PowerSpectrum(size: size)
        snapshot.music.withUnsafeBufferPointer { power.add($0.baseAddress! + (snapshot.music.count - size)) }
        return ScopeSpectrum.line(power: power.power, binHertz: Double(snapshot.rate) / Double(size), width: width)
    }
}
