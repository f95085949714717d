/// The words the display uses for each field, shared by the full screen, the compact screen
/// and the plain per-bar lines. Any thread (pure).
extension DisplayState {
    /// `BPM 120 · 4/4 · bar 3.2 · running`, plus ` · muted`; `count-in.2` during the count-in.
    /// Always the first line on screen, in plain text for screen readers.
    var statusText: String {
        let bar = self.bar <= 0 ? "count-in" : "bar \(self.bar)"
        var text = "BPM \(bpm) · \(meter) · \(bar).\(beat) · \(running ? "running" : "stopped")"
        if muted { text += " · muted" }
        return text
    }

    /// `7/8 · bar 12 · beat 3`, or `7/8 · count-in · beat 2`; no beat before the first one.
    var positionText: String {
        var text = meter + (bar <= 0 ? " · count-in" : " · bar \(bar)")
        if beat > 0 { text += " · beat \(beat)" }
        return text
    }

    /// `map chorus · 8 bars left`; nil when no map runs.
    var mapText: String? {
        guard mapLabel != nil || barsLeft != nil else { return nil }
        var parts = ["map" + (mapLabel.map { " " + $0 } ?? "")]
        if let barsLeft { parts.append(Self.barsLeftText(barsLeft)) }
        return parts.joined(separator: " · ")
    }

    /// `transport free · DSP 3.1 % · xruns 0`.
    var engineText: String {
        "transport \(transport) · DSP \(Self.tenths(dspLoad)) % · xruns \(xruns)"
    }

    /// `sound beep · volume 100 %`, plus ` · muted`.
    var soundText: String {
        var text = "sound \(sound) · volume \(Self.percent(volume)) %"
        if muted { text += " · muted" }
        return text
    }

    /// "1 bar left", "8 bars left".
    static func barsLeftText(_ bars: Int64) -> String {
        bars == 1 ? "1 bar left" : "\(bars) bars left"
    }

    /// A value with one decimal, rounded: 3.14 → "3.1"; "0.0" for values that are not finite.
    static func tenths(_ value: Float) -> String {
        guard value.isFinite else { return "0.0" }
        let tenths = Int64((Double(value) * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// A linear gain as a whole percentage: 1 → "100"; "0" for values that are not finite.
    static func percent(_ gain: Float) -> String {
        guard gain.isFinite else { return "0" }
        return String(Int64((Double(gain) * 100).rounded()))
    }
}
