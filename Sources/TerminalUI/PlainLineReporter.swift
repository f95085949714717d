/// One plain line per bar, for when standard output is not a terminal (a pipe, a log file).
/// Any thread (pure).
public enum PlainLineReporter {
    /// `bar 12 · 120 BPM · 4/4 · free · xruns 0`, plus ` · map chorus, 8 bars left` when a map
    /// runs. Count-in bars (`bar` <= 0) count down to the first bar: bar 0 is `count-in 1`,
    /// bar -1 is `count-in 2`.
    public static func line(bar: Int64, state: DisplayState) -> String {
        let barText = bar <= 0 ? "count-in \(1 - bar)" : "bar \(bar)"
        var line = "\(barText) · \(state.bpm) BPM · \(state.meter) · \(state.transport) · xruns \(state.xruns)"
        if state.mapLabel != nil || state.barsLeft != nil {
            var map = " · map"
            if let label = state.mapLabel { map += " " + label }
            if let barsLeft = state.barsLeft {
                map += (state.mapLabel == nil ? " " : ", ") + DisplayState.barsLeftText(barsLeft)
            }
            line += map
        }
        return line
    }
}
