import App
import Control
import Engine
import MIDI
import TerminalUI
import Testing

@Suite("A key and a pedal give the same action")
struct KeyAndPedalTests {
    /// What a pedal mapped to `action` (with `argument`) asks, at 5 s.
    static func pedal(_ action: MIDIAction, _ argument: Int64 = -1) -> Action? {
        Action(midi: MIDIBinding(message: .note, number: 60, action: action, argument: argument), value: 127, text: nil, now: 5)
    }

    @Test("click: space and toggle, m and mute, ] [ and meter-next/prev, ↑ ↓ and tempo-up/down 1 BPM, t and tap, + - and volume ±10 %")
    func click() {
        let pairs: [(Key, MIDIAction, Int64, Action)] = [
            (.space, .toggle, -1, .toggleRunning), (.char("m"), .mute, -1, .toggleMute),
            (.char("]"), .meterNext, -1, .beatsPerBarStep(1)), (.char("["), .meterPrev, -1, .beatsPerBarStep(-1)),
            (.up, .tempoUp, 1_000, .tempoStep(milliBPM: 1_000)), (.down, .tempoDown, 1_000, .tempoStep(milliBPM: -1_000)),
            (.pageUp, .tempoUp, 10_000, .tempoStep(milliBPM: 10_000)), (.char("t"), .tap, -1, .tap(at: 5)),
            (.char("+"), .volumeUp, 10, .volumeStep(0.1)), (.char("-"), .volumeDown, 10, .volumeStep(-0.1)),
        ]
        for (key, pedal, argument, action) in pairs {
            #expect(KeyMap.click(key, at: 5) == action, "\(key)")
            #expect(Self.pedal(pedal, argument) == action, "\(pedal.name)")
        }
    }

    @Test("player: space and toggle, n p a and section-next/prev/again, ] [ and repeat-up/down, ↑ ↓ and speed ±5 %, → ← and jump ±5 s, i o and mark-in/out, , . < > and the nudges 10 ms, c and mute, j k Enter 0 w g and the overview's actions, - + and again-slower/faster")
    func player() {
        let pairs: [(Key, MIDIAction, Int64, Action)] = [
            (.space, .toggle, -1, .toggleRunning), (.char("n"), .sectionNext, -1, .sectionStep(1)),
            (.char("p"), .sectionPrev, -1, .sectionStep(-1)), (.char("a"), .sectionAgain, -1, .sectionAgain),
            (.char("]"), .repeatUp, -1, .repeatStep(1)), (.char("["), .repeatDown, -1, .repeatStep(-1)),
            (.up, .speedUp, 5, .speedStep(thousandths: 50)), (.down, .speedDown, 5, .speedStep(thousandths: -50)),
            (.right, .jumpForward, 5, .jump(milliseconds: 5_000)), (.left, .jumpBack, 5, .jump(milliseconds: -5_000)),
            (.char("i"), .markIn, -1, .markIn), (.char("o"), .markOut, -1, .markOut),
            (.char(","), .nudgeInEarlier, 10, .nudge(.start, milliseconds: -10)), (.char("."), .nudgeInLater, 10, .nudge(.start, milliseconds: 10)),
            (.char("<"), .nudgeOutEarlier, 10, .nudge(.end, milliseconds: -10)), (.char(">"), .nudgeOutLater, 10, .nudge(.end, milliseconds: 10)),
            (.char("c"), .mute, -1, .toggleMute),
            (.char("j"), .sectionCursorNext, -1, .sectionCursorStep(1)), (.char("k"), .sectionCursorPrev, -1, .sectionCursorStep(-1)),
            (.enter, .sectionStartCursor, -1, .startSectionAtCursor), (.char("0"), .reset, -1, .reset),
            (.char("w"), .keepLoop, -1, .keepLoop), (.char("g"), .advanceMode, -1, .cycleAdvance),
            (.char("-"), .againSlower, -1, .sectionAgainAtSpeed(thousandths: 850)),
            (.char("+"), .againFaster, -1, .sectionAgainAtSpeed(thousandths: 1150)),
        ]
        for (key, pedal, argument, action) in pairs {
            #expect(KeyMap.player(key) == action, "\(key)")
            #expect(Self.pedal(pedal, argument) == action, "\(pedal.name)")
        }
    }

    @Test("quit and the scope: q Q Esc Ctrl-C quit every session; s shows the scope in the player and noise, not in the click")
    func quitAndScope() {
        for key: Key in [.char("q"), .char("Q"), .escape, .ctrlC] {
            #expect(KeyMap.click(key, at: 0) == .quit && KeyMap.player(key) == .quit && KeyMap.noise(key) == .quit, "\(key)")
        }
        #expect(KeyMap.player(.char("s")) == .toggleScope && KeyMap.noise(.char("S")) == .toggleScope)
        #expect(KeyMap.click(.char("s"), at: 0) == nil && KeyMap.noise(.char("n")) == nil)
    }
}
