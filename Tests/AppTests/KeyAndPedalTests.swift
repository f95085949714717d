import App
import Control
import MIDI
import Player
import TerminalUI
import Testing

@Suite("A key and a pedal give the same action")
struct KeyAndPedalTests {
    /// What a pedal mapped to `action` (with `argument`) asks of the click.
    static func clickPedal(_ action: MIDIAction, _ argument: Int64 = -1) -> Action? {
        Action(midi: MIDIBinding(message: .note, number: 60, action: action, argument: argument), value: 127, text: nil, now: 5)
    }

    @Test("click: space and toggle, m and mute, ] [ and meter-next/prev, ↑ ↓ and tempo-up/down 1 BPM, t and tap, + - and volume ±10 %")
    func click() {
        let pairs: [(Key, MIDIAction, Int64)] = [
            (.space, .toggle, -1), (.char("m"), .mute, -1), (.char("]"), .meterNext, -1), (.char("["), .meterPrev, -1),
            (.up, .tempoUp, 1_000), (.down, .tempoDown, 1_000), (.pageUp, .tempoUp, 10_000), (.char("t"), .tap, -1),
            (.char("+"), .volumeUp, 10), (.char("-"), .volumeDown, 10),
        ]
        for (key, pedal, argument) in pairs {
            let fromKey = MetronomeController.action(for: key, at: 5)
            #expect(fromKey != nil && fromKey == Self.clickPedal(pedal, argument), "\(key) and \(pedal.name)")
        }
    }

    @Test("player: space and toggle, n p a and section-next/prev/again, ] [ and repeat-up/down, ↑ ↓ and speed ±5 %, → ← and jump ±5 s, i o and mark-in/out, , . and nudge-in 10 ms, c and mute")
    func player() {
        let pairs: [(Key, MIDIAction, Int64)] = [
            (.space, .toggle, -1), (.char("n"), .sectionNext, -1), (.char("p"), .sectionPrev, -1), (.char("a"), .sectionAgain, -1),
            (.char("]"), .repeatUp, -1), (.char("["), .repeatDown, -1), (.up, .speedUp, 5), (.down, .speedDown, 5),
            (.right, .jumpForward, 5), (.left, .jumpBack, 5), (.char("i"), .markIn, -1), (.char("o"), .markOut, -1),
            (.char(","), .nudgeInEarlier, 10), (.char("."), .nudgeInLater, 10), (.char("<"), .nudgeOutEarlier, 10),
            (.char(">"), .nudgeOutLater, 10), (.char("c"), .mute, -1),
        ]
        for (key, pedal, argument) in pairs {
            let fromKey = PlayerController.action(for: key)
            #expect(fromKey != nil && fromKey == PlayerMIDI.action(for: pedal, argument: argument), "\(key) and \(pedal.name)")
        }
    }

    @Test("a player's pedal is passed through the click's vocabulary by name; a preset pedal without a name does nothing")
    func passThrough() {
        #expect(Self.clickPedal(.sectionNext) == .player("section-next"))
        #expect(Self.clickPedal(.preset) == nil)
        #expect(Action(midi: MIDIBinding(message: .programChange, number: -1, action: .setlistSong), value: 2, text: nil, now: 0) == .setlistSong(3))
    }
}
