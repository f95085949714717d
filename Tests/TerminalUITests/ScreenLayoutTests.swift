import Testing
@testable import TerminalUI

@Suite("Laying out the live screen")
struct ScreenLayoutTests {
    static let keys = [
        KeyHelp(keys: "space", action: "start/stop"), KeyHelp(keys: "↑/↓", action: "tempo ±1"),
        KeyHelp(keys: "←/→", action: "tempo ±10"), KeyHelp(keys: "t", action: "tap"),
        KeyHelp(keys: "m", action: "mute"), KeyHelp(keys: "+/-", action: "volume"), KeyHelp(keys: "q", action: "quit"),
    ]

    /// Bar 12, beat 3 of 4 at 120 BPM, accent lit, a tempo map running, everything filled in.
    static let playing = DisplayState(
        bpm: "120", meter: "4/4", bar: 12, beat: 3, beatsPerBar: 4, flash: .accent, running: true,
        volume: 0.8, transport: "free", mapLabel: "chorus", barsLeft: 8, dspLoad: 3.14, xruns: 2,
        server: "JACK 'default' · 48000 Hz · 64 frames · client woodshed",
        message: "tempo follows the map", keys: keys)

    static let states: [DisplayState] = [
        DisplayState(),
        playing,
        DisplayState(bpm: "97.5", meter: "7/8", bar: -1, beat: 2, beatsPerBar: 7, flash: .beat, running: true,
                     muted: true, serverLost: true, message: "a very long message " + String(repeating: "x", count: 300), keys: keys),
        DisplayState(bpm: "240.125", meter: "16/16", bar: 1_000_000, beat: 16, beatsPerBar: 16, running: true),
        DisplayState(bpm: "", meter: "", beatsPerBar: 0, volume: .nan, sound: "", transport: "", dspLoad: .infinity),
    ]

    @Test("every size from 1 × 1 to 200 × 60 gets exactly `height` lines of at most `width` columns, the status line first")
    func sizes() {
        let widths = [1, 2, 3, 5, 10, 20, 29, 30, 39, 40, 41, 50, 60, 80, 100, 120, 200]
        let heights = [1, 2, 3, 4, 5, 8, 10, 12, 15, 16, 17, 20, 24, 30, 40, 50, 60]
        for state in Self.states {
            let status = ScreenLayout.statusLine(for: state)
            for width in widths {
                for height in heights {
                    let lines = ScreenLayout.lines(for: state, width: width, height: height)
                    #expect(lines.count == height, "\(width) × \(height)")
                    #expect(lines.allSatisfy { $0.count <= width }, "\(width) × \(height)")
                    #expect(lines.first == String(status.prefix(width)), "\(width) × \(height)")
                }
            }
        }
    }

    @Test("a 1 × 1 terminal shows the status line's first character; no rows, no lines")
    func tiny() {
        #expect(ScreenLayout.lines(for: Self.playing, width: 1, height: 1) == ["B"])
        #expect(ScreenLayout.lines(for: Self.playing, width: 12, height: 1) == ["BPM 120 · 4/"])
        #expect(ScreenLayout.lines(for: Self.playing, width: 80, height: 0) == [])
        #expect(ScreenLayout.lines(for: Self.playing, width: 0, height: 2) == ["", ""])
    }

    @Test("the status line says tempo, meter, bar.beat, running or stopped, and muted")
    func statusLine() {
        #expect(ScreenLayout.statusLine(for: DisplayState()) == "BPM 120 · 4/4 · bar 1.0 · stopped")
        #expect(ScreenLayout.statusLine(for: DisplayState(bar: 3, beat: 2, running: true)) == "BPM 120 · 4/4 · bar 3.2 · running")
        #expect(ScreenLayout.statusLine(for: DisplayState(bpm: "97.5", meter: "7/8", bar: 0, beat: 2, running: true, muted: true))
            == "BPM 97.5 · 7/8 · count-in.2 · running · muted")
        #expect(ScreenLayout.statusLine(for: DisplayState(bar: -3, beat: 1)) == "BPM 120 · 4/4 · count-in.1 · stopped")
        #expect(ScreenLayout.lines(for: Self.playing, width: 80, height: 24)[0] == "BPM 120 · 4/4 · bar 12.3 · running")
        #expect(ScreenLayout.lines(for: Self.playing, width: 30, height: 10)[0] == "BPM 120 · 4/4 · bar 12.3 · run")
    }

    @Test("80 × 24: the tempo in big digits, bar and beat, tall beat boxes, then the details and the legend")
    func fullScreen() {
        #expect(ScreenLayout.lines(for: Self.playing, width: 80, height: 24) == [
            "BPM 120 · 4/4 · bar 12.3 · running",
            "",
            "                                █  ████ ████",
            "                               ██     █ █  █",
            "                                █  ████ █  █",
            "                                █  █    █  █",
            "                               ███ ████ ████  BPM",
            "",
            "                             4/4 · bar 12 · beat 3",
            "",
            "                            ┌───┐ ┌───┐ █████ ┌───┐",
            "                            │   │ │   │ █████ │   │",
            "                            └───┘ └───┘ █████ └───┘",
            "",
            "                            map chorus · 8 bars left",
            "",
            "",
            "tempo follows the map",
            "transport free · DSP 3.1 % · xruns 2",
            "sound beep · volume 80 %",
            "JACK 'default' · 48000 Hz · 64 frames · client woodshed",
            "",
            "space start/stop · ↑/↓ tempo ±1 · ←/→ tempo ±10 · t tap · m mute · +/- volume",
            "q quit",
        ])
    }

    @Test("the big digits of 120 are there at 80 × 24, and at the 40 × 16 minimum")
    func bigDigits() {
        for (width, height) in [(80, 24), (40, 16), (200, 60)] {
            let lines = ScreenLayout.lines(for: Self.playing, width: width, height: height)
            let digits = BigDigits.render("120")
            let top = lines.firstIndex { $0.hasSuffix(digits[0]) }
            #expect(top != nil, "\(width) × \(height)")
            if let top {
                for row in 1..<4 { #expect(lines[top + row].hasSuffix(digits[row])) }
                #expect(lines[top + 4].hasSuffix(digits[4] + "  BPM"))
            }
        }
    }

    @Test("a tempo too wide for big digits at this width is one plain line")
    func tempoTooWide() {
        #expect(ScreenLayout.bigTempo("120.125", width: 36) == ["            120.125 BPM"])
    }

    @Test("30 × 10 is the compact screen: no big digits, one line per fact, one-row beat boxes")
    func compactScreen() {
        #expect(ScreenLayout.lines(for: Self.playing, width: 30, height: 10) == [
            "BPM 120 · 4/4 · bar 12.3 · run",
            "[ ] [ ] ███ [ ]",
            "4/4 · bar 12 · beat 3",
            "map chorus · 8 bars left",
            "tempo follows the map",
            "transport free · DSP 3.1 % · x",
            "sound beep · volume 80 %",
            "JACK 'default' · 48000 Hz · 64",
            "space start/stop",
            "↑/↓ tempo ±1 · ←/→ tempo ±10",
        ])
    }

    @Test("one row short of the full screen, or one column, is compact too")
    func compactThresholds() {
        for (width, height) in [(39, 24), (80, 15)] {
            let lines = ScreenLayout.lines(for: Self.playing, width: width, height: height)
            #expect(!lines.contains { $0.contains("████") }, "\(width) × \(height)")
            #expect(lines.contains("[ ] [ ] ███ [ ]"), "\(width) × \(height)")
        }
    }

    @Test("when rows run short, the least important lines go first")
    func priorities() {
        let state = Self.playing
        #expect(ScreenLayout.lines(for: state, width: 40, height: 4) == [
            "BPM 120 · 4/4 · bar 12.3 · running",
            "[ ] [ ] ███ [ ]",
            "4/4 · bar 12 · beat 3",
            "map chorus · 8 bars left",
        ])
        #expect(ScreenLayout.lines(for: state, width: 40, height: 8) == [
            "BPM 120 · 4/4 · bar 12.3 · running",
            "[ ] [ ] ███ [ ]",
            "4/4 · bar 12 · beat 3",
            "map chorus · 8 bars left",
            "tempo follows the map",
            "transport free · DSP 3.1 % · xruns 2",
            "sound beep · volume 80 %",
            "space start/stop · ↑/↓ tempo ±1",
        ])
    }

    @Test("while the JACK server is gone a banner follows the status line; the rest is kept")
    func serverLost() {
        var state = Self.playing
        state.serverLost = true
        let full = ScreenLayout.lines(for: state, width: 80, height: 24)
        #expect(full[0] == "BPM 120 · 4/4 · bar 12.3 · running")
        #expect(full[1] == "JACK server gone — reconnecting (state kept)")
        #expect(full.contains("transport free · DSP 3.1 % · xruns 2"))
        #expect(ScreenLayout.lines(for: state, width: 30, height: 10)[1] == "JACK server gone — reconnectin")
        #expect(ScreenLayout.lines(for: state, width: 40, height: 16)[1] == "JACK server gone — reconnecting")
        #expect(ScreenLayout.lines(for: state, width: 80, height: 2) == [
            "BPM 120 · 4/4 · bar 12.3 · running", "JACK server gone — reconnecting (state kept)",
        ])
        state.serverLost = false
        #expect(!ScreenLayout.lines(for: state, width: 80, height: 24).contains { $0.contains("JACK server gone") })
    }

    @Test("the count-in, mute and an unstarted bar read in words")
    func positionWords() {
        let countIn = DisplayState(bpm: "97.5", meter: "7/8", bar: 0, beat: 2, beatsPerBar: 7, running: true, muted: true, volume: 1.5)
        let lines = ScreenLayout.lines(for: countIn, width: 30, height: 10)
        #expect(lines.contains("7/8 · count-in · beat 2"))
        #expect(lines.contains("sound beep · volume 150 % · mu"))
        #expect(ScreenLayout.lines(for: DisplayState(), width: 60, height: 10).contains("4/4 · bar 1"))
    }

    @Test("the key legend packs entries into lines of the width")
    func keyLegend() {
        #expect(ScreenLayout.keyLegend(Self.keys, width: 30) == [
            "space start/stop", "↑/↓ tempo ±1 · ←/→ tempo ±10", "t tap · m mute · +/- volume", "q quit",
        ])
        #expect(ScreenLayout.keyLegend([], width: 30) == [])
    }
}
