import Testing
@testable import TerminalUI

@Suite("The beat boxes")
struct BeatIndicatorTests {
    @Test("the current beat is marked when not lit, lit for a beat, solid for an accent")
    func tallBoxes() {
        #expect(BeatIndicator.rows(beat: 2, beatsPerBar: 4, flash: .none, width: 80, tall: true) == [
            "┌───┐ ┌───┐ ┌───┐ ┌───┐",
            "│   │ │ █ │ │   │ │   │",
            "└───┘ └───┘ └───┘ └───┘",
        ])
        #expect(BeatIndicator.rows(beat: 2, beatsPerBar: 4, flash: .beat, width: 80, tall: true) == [
            "┌───┐ ┏━━━┓ ┌───┐ ┌───┐",
            "│   │ ┃███┃ │   │ │   │",
            "└───┘ ┗━━━┛ └───┘ └───┘",
        ])
        #expect(BeatIndicator.rows(beat: 1, beatsPerBar: 3, flash: .accent, width: 80, tall: true) == [
            "█████ ┌───┐ ┌───┐",
            "█████ │   │ │   │",
            "█████ └───┘ └───┘",
        ])
    }

    @Test("one-row boxes on the compact screen")
    func oneRowBoxes() {
        #expect(BeatIndicator.rows(beat: 3, beatsPerBar: 4, flash: .none, width: 80, tall: false) == ["[ ] [ ] [▄] [ ]"])
        #expect(BeatIndicator.rows(beat: 3, beatsPerBar: 4, flash: .beat, width: 80, tall: false) == ["[ ] [ ] [█] [ ]"])
        #expect(BeatIndicator.rows(beat: 3, beatsPerBar: 4, flash: .accent, width: 80, tall: false) == ["[ ] [ ] ███ [ ]"])
    }

    @Test("nothing played yet: no box is marked")
    func noBeatYet() {
        #expect(BeatIndicator.rows(beat: 0, beatsPerBar: 4, flash: .beat, width: 80, tall: false) == ["[ ] [ ] [ ] [ ]"])
    }

    @Test("a long bar falls back to narrower boxes, and is cut when even those do not fit")
    func longBars() {
        #expect(BeatIndicator.rows(beat: 16, beatsPerBar: 16, flash: .beat, width: 40, tall: true)
            == ["· · · · · · · · · · · · · · · █"])
        #expect(BeatIndicator.rows(beat: 2, beatsPerBar: 16, flash: .none, width: 20, tall: false) == ["·▄··············"])
        #expect(BeatIndicator.rows(beat: 1, beatsPerBar: 16, flash: .none, width: 5, tall: false) == ["▄····"])
    }

    @Test("the full screen lights the current beat's box only while it flashes")
    func onScreen() {
        var state = DisplayState(bar: 5, beat: 2, beatsPerBar: 4, flash: .beat, running: true)
        #expect(ScreenLayout.lines(for: state, width: 80, height: 24).contains { $0.hasSuffix("┌───┐ ┏━━━┓ ┌───┐ ┌───┐") })
        state.flash = .none
        let unlit = ScreenLayout.lines(for: state, width: 80, height: 24)
        #expect(unlit.contains { $0.hasSuffix("┌───┐ ┌───┐ ┌───┐ ┌───┐") })
        #expect(unlit.contains { $0.hasSuffix("│   │ │ █ │ │   │ │   │") })
        #expect(!unlit.contains { $0.contains("┏") || $0.contains("█████") })
    }
}
