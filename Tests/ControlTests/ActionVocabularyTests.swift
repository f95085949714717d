import Control
import Engine
import MIDI
import Testing

@Suite("One action vocabulary: every MIDI map action is an Action")
struct ActionVocabularyTests {
    /// Each map action with the argument a map file gives it (its default where it has one),
    /// fired by value 127 at 5 s, and the action it must become.
    static let table: [MIDIAction: (argument: Int64, action: Action)] = [
        .start: (-1, .start), .stop: (-1, .stop), .toggle: (-1, .toggleRunning),
        .tempoUp: (1_000, .tempoStep(milliBPM: 1_000)), .tempoDown: (2_500, .tempoStep(milliBPM: -2_500)),
        .tempoSet: (97_500, .setTempo(milliBPM: 97_500)), .tempoCC: (40_000, .setTempo(milliBPM: 240_000)),
        .tap: (-1, .tap(at: 5)), .meterNext: (-1, .beatsPerBarStep(1)), .meterPrev: (-1, .beatsPerBarStep(-1)),
        .countIn: (2, .countIn(bars: 2)), .mute: (-1, .toggleMute),
        .volumeUp: (10, .volumeStep(0.1)), .volumeDown: (25, .volumeStep(-0.25)),
        .setlistNext: (-1, .setlistStep(1)), .setlistPrev: (-1, .setlistStep(-1)), .setlistSong: (3, .setlistSong(3)),
        .preset: (-1, .loadPreset("rock-4-4")),
        .sectionNext: (-1, .sectionStep(1)), .sectionPrev: (-1, .sectionStep(-1)), .sectionAgain: (-1, .sectionAgain),
        .repeatUp: (2, .repeatStep(2)), .repeatDown: (1, .repeatStep(-1)),
        .speedUp: (5, .speedStep(thousandths: 50)), .speedDown: (10, .speedStep(thousandths: -100)),
        .markIn: (-1, .markIn), .markOut: (-1, .markOut),
        .jumpForward: (5, .jump(milliseconds: 5_000)), .jumpBack: (30, .jump(milliseconds: -30_000)),
        .nudgeInEarlier: (10, .nudge(.start, milliseconds: -10)), .nudgeInLater: (20, .nudge(.start, milliseconds: 20)),
        .nudgeOutEarlier: (10, .nudge(.end, milliseconds: -10)), .nudgeOutLater: (1_000, .nudge(.end, milliseconds: 1_000)),
        .notch: (-1, .toggleNotch),
        .sectionCursorNext: (-1, .sectionCursorStep(1)), .sectionCursorPrev: (-1, .sectionCursorStep(-1)),
        .sectionStartCursor: (-1, .startSectionAtCursor), .reset: (-1, .reset), .keepLoop: (-1, .keepLoop),
        .advanceMode: (-1, .cycleAdvance),
        .againSlower: (-1, .sectionAgainAtSpeed(thousandths: 850)), .againFaster: (-1, .sectionAgainAtSpeed(thousandths: 1150)),
        .filter: (-1, .toggleFilter), .karaoke: (-1, .toggleKaraoke),
    ]

    @Test("each of MIDIAction.allCases becomes exactly its Action, and the action's name is the map file's word",
          arguments: MIDIAction.allCases)
    func everyMapActionIsAnAction(_ m: MIDIAction) throws {
        let row = try #require(Self.table[m], "\(m.name) has no row")
        let binding = MIDIBinding(message: .controlChange, number: 11, action: m, argument: row.argument,
                                  argument2: m == .tempoCC ? 240_000 : -1)
        let action = Action(midi: binding, value: 127, text: m == .preset ? "rock-4-4" : nil, now: 5)
        #expect(action == row.action)
        // tempo-cc sets the tempo, as tempo-set does: it is said with that word.
        #expect(action?.name == (m == .tempoCC ? "tempo-set" : m.name))
    }

    @Test("the table covers the map actions one for one")
    func tableIsComplete() {
        #expect(Set(Self.table.keys) == Set(MIDIAction.allCases))
    }

    @Test("a preset mapping without a name is no action; a program change without an argument picks its number + 1")
    func missingArguments() {
        #expect(Action(midi: MIDIBinding(message: .note, number: 60, action: .preset), value: 127, text: nil, now: 0) == nil)
        #expect(Action(midi: MIDIBinding(message: .programChange, number: -1, action: .setlistSong), value: 2, text: nil, now: 0)
                == .setlistSong(3))
    }

    @Test("the overview's and the learner's actions have the MIDI table's names, in its order after notch")
    func overviewAndLearnerNames() {
        #expect(MIDIAction.allCases.drop(while: { $0 != .notch }).dropFirst().map(\.name)
                == ["section-cursor-next", "section-cursor-prev", "section-start-cursor", "reset", "keep-loop", "advance-mode",
                    "again-slower", "again-faster", "filter", "karaoke"])
        #expect([Action.sectionCursorStep(1), .sectionCursorStep(-1), .startSectionAtCursor, .reset, .keepLoop, .cycleAdvance,
                 .sectionAgainAtSpeed(thousandths: 850), .sectionAgainAtSpeed(thousandths: 1150)].map(\.name)
                == ["section-cursor-next", "section-cursor-prev", "section-start-cursor", "reset", "keep-loop", "advance-mode",
                    "again-slower", "again-faster"])
        #expect(MIDIAction(name: "advance-mode") == .advanceMode && MIDIAction(name: "again-faster") == .againFaster)
        // No argument, and the control thread's (the player takes every mapped message there).
        for m in MIDIAction.allCases.drop(while: { $0 != .notch }).dropFirst() {
            guard case .none = m.argument else { Issue.record("\(m.name) takes an argument"); continue }
            #expect(!m.appliesOnRenderThread, "\(m.name)")
        }
    }

    @Test("a click asked for the player's actions or the scope says it has no part for them, in today's words")
    func clickSaysNoPart() {
        let session = LiveSession(settings: ClickSettings())
        let said: [(Action, String)] = [
            (.sectionStep(1), "section-next: there is no rehearsal player in this session"),
            (.speedStep(thousandths: -50), "speed-down: there is no rehearsal player in this session"),
            (.nudge(.end, milliseconds: 10), "nudge-out-later: there is no rehearsal player in this session"),
            (.sectionCursorStep(1), "section-cursor-next: there is no rehearsal player in this session"),
            (.sectionCursorStep(-1), "section-cursor-prev: there is no rehearsal player in this session"),
            (.startSectionAtCursor, "section-start-cursor: there is no rehearsal player in this session"),
            (.reset, "reset: there is no rehearsal player in this session"),
            (.keepLoop, "keep-loop: there is no rehearsal player in this session"),
            (.cycleAdvance, "advance-mode: there is no rehearsal player in this session"),
            (.sectionAgainAtSpeed(thousandths: 850), "again-slower: there is no rehearsal player in this session"),
            (.sectionAgainAtSpeed(thousandths: 1150), "again-faster: there is no rehearsal player in this session"),
            (.toggleScope, "scope: there is no scope in this session"),
            (.toggleNotch, "notch: there is no music or noise to notch in this session"),
            (.toggleFilter, "filter: there is no music to filter in this session"),
            (.toggleKaraoke, "karaoke: there is no music to filter in this session"),
        ]
        for (action, message) in said {
            session.perform(action)
            #expect(session.message == message)
        }
    }
}
