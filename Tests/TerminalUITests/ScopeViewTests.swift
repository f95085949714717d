import Testing
@testable import TerminalUI

@Suite("The oscilloscope and meters")
struct ScopeViewTests {
    private func columns(_ values: [Float]) -> [ScopeLines.Column] {
        values.map { ScopeLines.Column(minimum: $0, maximum: $0) }
    }

    private let loud = ScopeLines.Meter(label: "L", rmsDecibels: -12.3, peakDecibels: -8, heldPeakDecibels: -6)
    private let silent = ScopeLines.Meter(label: "R", rmsDecibels: -.infinity, peakDecibels: -.infinity,
                                          heldPeakDecibels: -.infinity)

    @Test("silence is a flat line on the middle dot row; so is no trace at all")
    func flat() {
        // 3 rows: dot rows 0…10, 0 is row 5 (the second dot row of the middle cell row).
        let expected = ["    ", "⠒⠒⠒⠒", "    "]
        #expect(ScopeView.waveform(columns([0, 0, 0, 0, 0]), width: 4, rows: 3) == expected)
        #expect(ScopeView.waveform([], width: 4, rows: 3) == expected)
        #expect(ScopeView.waveform(columns([0]), width: 3, rows: 1) == ["⠒⠒⠒"])
    }

    @Test("a full-scale square wave sits on the top and the lowest dot row, joined where it falls")
    func square() {
        let lines = ScopeView.waveform(columns([1, 1, 1, 1, -1, -1, -1, -1]), width: 4, rows: 3)
        #expect(lines == [
            "⠉⠉⡆ ",
            "  ⡇ ",
            "  ⠧⠤",
        ])
        // Rising again: the join goes up.
        #expect(ScopeView.waveform(columns([-1, -1, 1, 1]), width: 2, rows: 1) == ["⠤⠋"])
    }

    @Test("a column holding both extremes fills every used dot from top to bottom")
    func fullSwing() {
        let swing = [ScopeLines.Column](repeating: .init(minimum: -1, maximum: 1), count: 7)
        #expect(ScopeView.waveform(swing, width: 2, rows: 2) == ["⣿⣿", "⠿⠿"])
        // Beyond full scale is drawn at full scale.
        #expect(ScopeView.waveform([.init(minimum: -3, maximum: 2)], width: 2, rows: 2) == ["⣿⣿", "⠿⠿"])
    }

    @Test("many columns are folded into the dot columns by their extremes")
    func decimation() {
        var values = [Float](repeating: 0, count: 256)
        values[200] = 1  // dot column 200·8/256 = 6.25 → 6 (cell 3, left), joined to 0 on its right
        let lines = ScopeView.waveform(columns(values), width: 4, rows: 1)
        #expect(lines == ["⠒⠒⠒⠓"])
    }

    @Test("a meter line: the RMS as a bar from −60 to 0 dB, shaded up to the peak, then the numbers")
    func meters() {
        #expect(ScopeView.meter(loud, labelWidth: 1, width: 40) == "L ▕█████████████▒░░▏ -12.3 dB peak  -6.0")
        #expect(ScopeView.meter(silent, labelWidth: 1, width: 40) == "R ▕░░░░░░░░░░░░░░░░▏  -inf dB peak  -inf")
        let full = ScopeLines.Meter(label: "C", rmsDecibels: -0.01, peakDecibels: 0, heldPeakDecibels: 0)
        #expect(ScopeView.meter(full, labelWidth: 1, width: 40) == "C ▕████████████████▏   0.0 dB peak   0.0")
        let quiet = ScopeLines.Meter(label: "L", rmsDecibels: -75, peakDecibels: -58, heldPeakDecibels: -57.96)
        #expect(ScopeView.meter(quiet, labelWidth: 1, width: 40) == "L ▕▒░░░░░░░░░░░░░░░▏ -75.0 dB peak -58.0")
    }

    @Test("a narrow meter drops the peak, then the numbers; a wide one stops at one cell per dB")
    func meterWidths() {
        #expect(ScopeView.meter(loud, labelWidth: 1, width: 30) == "L ▕██████████████▒░░▏ -12.3 dB")
        #expect(ScopeView.meter(loud, labelWidth: 1, width: 12) == "L ▕██████▒░▏")
        #expect(ScopeView.meter(loud, labelWidth: 1, width: 3) == "L")
        let wide = ScopeView.meter(loud, labelWidth: 1, width: 200)
        #expect(wide == "L ▕" + String(repeating: "█", count: 48) + String(repeating: "▒", count: 4)
            + String(repeating: "░", count: 8) + "▏ -12.3 dB peak  -6.0")
        #expect(ScopeView.meter(loud, labelWidth: 3, width: 40).hasPrefix("L   ▕"))
    }

    @Test("the screen: the trace above, one meter per port below, exactly the height, never wider than the width")
    func screen() {
        let scope = ScopeLines(minimums: [0, 0], maximums: [0, 0], meters: [loud, silent])
        #expect(ScopeView.lines(for: scope, width: 40, height: 4) == [
            String(repeating: "⣀", count: 40),  // 2 rows: 0 is dot row 3, the first cell row's lowest
            String(repeating: " ", count: 40),
            "L ▕█████████████▒░░▏ -12.3 dB peak  -6.0",
            "R ▕░░░░░░░░░░░░░░░░▏  -inf dB peak  -inf",
        ])
        #expect(ScopeView.lines(for: scope, width: 40, height: 1) == ["L ▕█████████████▒░░▏ -12.3 dB peak  -6.0"])
        var wave: [ScopeLines.Column] = []
        for i in 0..<256 {
            let v = Float(i % 37) / 18 - 1
            wave.append(.init(minimum: v - 0.2, maximum: v))
        }
        let busy = ScopeLines(waveform: wave, meters: [loud, silent, .init(label: "Click", rmsDecibels: 3, peakDecibels: .nan, heldPeakDecibels: 12)])
        for width in [0, 1, 2, 5, 13, 20, 33, 80, 211] {
            for height in [0, 1, 3, 4, 8, 24] {
                let lines = ScopeView.lines(for: busy, width: width, height: height)
                #expect(lines.count == height, "width \(width), height \(height)")
                #expect(lines.allSatisfy { $0.count <= width }, "width \(width), height \(height): \(lines)")
            }
        }
    }

    @Test("levels show with one decimal in five columns, and −∞ below −99.9")
    func decibelText() {
        #expect(ScopeView.decibelText(-12.34) == "-12.3")
        #expect(ScopeView.decibelText(-0.04) == "  0.0")
        #expect(ScopeView.decibelText(-6) == " -6.0")
        #expect(ScopeView.decibelText(2.06) == "  2.1")
        #expect(ScopeView.decibelText(-99.9) == "-99.9")
        #expect(ScopeView.decibelText(-120) == " -inf")
        #expect(ScopeView.decibelText(-.infinity) == " -inf")
        #expect(ScopeView.decibelText(.nan) == " -inf")
    }
}
