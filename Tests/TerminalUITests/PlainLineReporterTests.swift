import Testing
@testable import TerminalUI

@Suite("One plain line per bar when standard output is not a terminal")
struct PlainLineReporterTests {
    @Test("a bar in free time")
    func freeBar() {
        let state = DisplayState(bpm: "120", meter: "4/4", transport: "free", xruns: 0)
        #expect(PlainLineReporter.line(bar: 12, state: state) == "bar 12 · 120 BPM · 4/4 · free · xruns 0")
    }

    @Test("count-in bars count down to bar 1")
    func countIn() {
        let state = DisplayState(bpm: "97.5", meter: "7/8", transport: "master", xruns: 3)
        #expect(PlainLineReporter.line(bar: 0, state: state) == "count-in 1 · 97.5 BPM · 7/8 · master · xruns 3")
        #expect(PlainLineReporter.line(bar: -1, state: state) == "count-in 2 · 97.5 BPM · 7/8 · master · xruns 3")
    }

    @Test("a running tempo map adds its entry and the bars left")
    func map() {
        var state = DisplayState(bpm: "133", meter: "7/8", transport: "follow · rolling", mapLabel: "chorus", barsLeft: 8)
        #expect(PlainLineReporter.line(bar: 5, state: state) == "bar 5 · 133 BPM · 7/8 · follow · rolling · xruns 0 · map chorus, 8 bars left")
        state.barsLeft = 1
        #expect(PlainLineReporter.line(bar: 5, state: state) == "bar 5 · 133 BPM · 7/8 · follow · rolling · xruns 0 · map chorus, 1 bar left")
        state.mapLabel = nil
        #expect(PlainLineReporter.line(bar: 5, state: state) == "bar 5 · 133 BPM · 7/8 · follow · rolling · xruns 0 · map 1 bar left")
    }
}
