/// Lays out the oscilloscope: a braille trace across the width, then one level meter line per
/// port: `L ▕██████████▒▒░░░░░░▏ -12.3 dB peak  -6.0`. Any thread (pure).
public enum ScopeView {
    /// The meters' scale: −60 dBFS (empty bar) to 0 dBFS (full bar).
    public static let floorDecibels = -60.0
    /// The widest meter bar: one cell per dB.
    public static let widestBar = 60

    /// Exactly `height` lines, each at most `width` columns: the trace gets the lines the
    /// meters leave (none when they take them all), the meters come last.
    public static func lines(for scope: ScopeLines, width: Int, height: Int) -> [String] {
        let width = max(0, width), height = max(0, height)
        let meterRows = min(height, scope.meters.count)
        let labelWidth = scope.meters.map { TextColumns.count($0.label) }.max() ?? 0
        let trace = waveform(scope.waveform, width: width, rows: height - meterRows)
        let meters = scope.meters.prefix(meterRows).map { meter($0, labelWidth: labelWidth, width: width) }
        return trace + meters
    }

    /// The trace as `rows` lines of braille, `width` cells: each cell holds 2 × 4 dots, so the
    /// trace has 2·width dot columns and uses 4·rows − 1 dot rows (an odd number, so that 0 has
    /// a row of its own: the middle one; +1 is the top row, −1 the lowest used row). Each dot
    /// column draws the span from the smallest to the largest sample of the columns it covers,
    /// joined to its neighbour so that a steep trace has no gaps. Empty cells are spaces.
    static func waveform(_ columns: [ScopeLines.Column], width: Int, rows: Int) -> [String] {
        guard rows > 0 else { return [] }
        guard width > 0 else { return Array(repeating: "", count: rows) }
        let dotColumns = 2 * width
        let middle = 2 * rows - 1
        func row(_ v: Float) -> Int {
            let x = v.isNaN ? 0 : Double(Swift.min(1, Swift.max(-1, v)))
            return Int(((1 - x) * Double(middle)).rounded())
        }
        var cells = [[UInt32]](repeating: [UInt32](repeating: 0, count: width), count: rows)
        let leftBits: [UInt32] = [0x01, 0x02, 0x04, 0x40], rightBits: [UInt32] = [0x08, 0x10, 0x20, 0x80]
        let n = columns.count
        var previous: (top: Int, bottom: Int)?
        for x in 0..<dotColumns {
            var lo: Float = 0, hi: Float = 0
            if n > 0 {
                let a = x * n / dotColumns, b = Swift.max(a + 1, (x + 1) * n / dotColumns)
                lo = columns[a].minimum
                hi = columns[a].maximum
                for c in columns[(a + 1)..<b] {
                    lo = Swift.min(lo, c.minimum)
                    hi = Swift.max(hi, c.maximum)
                }
            }
            let span = (top: row(Swift.max(lo, hi)), bottom: row(Swift.min(lo, hi)))
            var top = span.top, bottom = span.bottom
            if let previous {
                if top > previous.bottom + 1 { top = previous.bottom + 1 }
                if bottom < previous.top - 1 { bottom = previous.top - 1 }
            }
            previous = span
            let bits = x % 2 == 0 ? leftBits : rightBits
            for r in top...bottom {
                cells[r / 4][x / 2] |= bits[r % 4]
            }
        }
        return cells.map { row in
            String(String.UnicodeScalarView(row.map { $0 == 0 ? " " : Unicode.Scalar(0x2800 + $0)! }))
        }
    }

    /// One meter line at most `width` columns: the label padded to `labelWidth`, the bar
    /// (█ up to the RMS, ▒ up to the peak, ░ to 0 dBFS; −60 dBFS and below is empty), the RMS
    /// and the held peak. A narrow line drops `peak …`, then the numbers.
    static func meter(_ m: ScopeLines.Meter, labelWidth: Int, width: Int) -> String {
        let label = TextColumns.padded(TextColumns.fit(m.label, width: labelWidth), to: labelWidth)
        let tails = [" \(decibelText(m.rmsDecibels)) dB peak \(decibelText(m.heldPeakDecibels))",
                     " \(decibelText(m.rmsDecibels)) dB", ""]
        for tail in tails {
            let cells = Swift.min(widestBar, width - labelWidth - 3 - tail.count)
            if cells >= 10 || (tail.isEmpty && cells >= 1) {
                let filled = barCells(m.rmsDecibels, cells: cells)
                let shaded = Swift.max(filled, barCells(m.peakDecibels, cells: cells))
                let bar = String(repeating: "█", count: filled) + String(repeating: "▒", count: shaded - filled)
                    + String(repeating: "░", count: cells - shaded)
                return label + " ▕" + bar + "▏" + tail
            }
        }
        return TextColumns.fit(label, width: width)
    }

    /// Cells of a `cells`-wide bar that a level fills, to the nearest cell.
    static func barCells(_ decibels: Double, cells: Int) -> Int {
        guard decibels.isFinite || decibels > 0 else { return 0 }
        let f = Swift.min(1, Swift.max(0, (decibels - floorDecibels) / -floorDecibels))
        return Int((f * Double(cells)).rounded())
    }

    /// A level in five columns with one decimal: `-12.3`, `  0.0`, ` -inf` (below −99.9).
    static func decibelText(_ decibels: Double) -> String {
        guard !decibels.isNaN, decibels >= -99.95 else { return " -inf" }
        let tenths = Int((Swift.min(decibels, 999) * 10).rounded())
        let a = tenths.magnitude
        let text = (tenths < 0 ? "-" : "") + "\(a / 10).\(a % 10)"
        return String(repeating: " ", count: Swift.max(0, 5 - text.count)) + text
    }
}
