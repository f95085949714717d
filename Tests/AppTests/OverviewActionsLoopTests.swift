import App
import Control
import Engine
import Foundation
import Persistence
import MIDI
import Player
import Testing

/// The overview's and the learner's actions from a key and from a pedal, on the control loop
/// with a manual clock (`KeyAndPedalLoopTests.drive`): the same action, the same effect.
@Suite("The overview's and the learner's keys are actions a pedal, OSC or ctl can send too")
struct OverviewActionsLoopTests {
    /// The player's live session; its pedals: 60 section-cursor-next, 61 section-start-cursor,
    /// 62 reset, 63 keep-loop, 64 advance-mode, 65 again-slower, 66 again-faster.
    static func session() -> LiveSession {
        let b = KeyAndPedalLoopTests.binding
        let session = LiveSession(settings: ClickSettings(), midi: MIDIControl(bindings: [
            b(60, .sectionCursorNext, -1), b(61, .sectionStartCursor, -1), b(62, .reset, -1), b(63, .keepLoop, -1),
            b(64, .advanceMode, -1), b(65, .againSlower, -1), b(66, .againFaster, -1),
        ]))
        session.forPlayer = true
        return session
    }

    /// Runs a player (intro, verse, chorus; `KeyAndPedalLoopTests.playerRig`) with `key` typed at
    /// 0.2 s and the pedal `pedal` pressed at 0.4 s; `playlist`: as `playlist play`.
    static func run(key: String? = nil, pedal: UInt8? = nil, playlist: Bool = false) throws -> (PlayerController, PlayerSession) {
        let (_, player) = try KeyAndPedalLoopTests.playerRig()
        var made: PlayerController?
        KeyAndPedalLoopTests.drive(session(), key: key, pedal: pedal.map(KeyAndPedalLoopTests.noteOn)) { engine in
            let c = KeyAndPedalLoopTests.playerController(engine, player)
            c.playlist = playlist
            made = c
            return c
        }
        return (try #require(made), player)
    }

    @Test("the keys and the pedals are the same actions", arguments: [
        ("j", UInt8(60), Action.sectionCursorStep(1)), ("\r", 61, .startSectionAtCursor), ("0", 62, .reset),
        ("w", 63, .keepLoop), ("g", 64, .cycleAdvance), ("-", 65, .sectionAgainAtSpeed(thousandths: 850)),
        ("+", 66, .sectionAgainAtSpeed(thousandths: 1150)),
    ])
    func sameAction(key: String, pedal: UInt8, action: Action) {
        #expect(KeyAndPedalLoopTests.actions(Self.session(), key: key, pedal: KeyAndPedalLoopTests.noteOn(pedal),
                                             keyMap: { key, _ in KeyMap.player(key) }) == [action, action])
    }

    @Test("j, or a section-cursor-next pedal, moves the list's cursor to the verse; Enter or a section-start-cursor pedal starts it")
    func cursorThenStart() throws {
        for (key, pedal) in [("j", nil), (nil, UInt8(60))] {
            let (c, player) = try Self.run(key: key, pedal: pedal)
            #expect(c.screenState(player.view()).sectionInView == 1 && player.playingIndex == 0, "key \(key != nil)")
            player.close()
        }
        for (key, pedal) in [("j\r", nil), ("j", UInt8(61))] {
            let (_, player) = try Self.run(key: key, pedal: pedal)
            #expect(player.message == "section 2/3: verse", "pedal \(pedal != nil): \(player.message)")
            player.close()
        }
    }

    @Test("g and an advance-mode pedal change what follows each section; - and + and their pedals play the section again at 0.85× and 1.15×")
    func advanceAndAgain() throws {
        for (key, pedal, message) in [("g", UInt8(64), "after each section: then loop all (this session)"),
                                      ("-", 65, "again at 0.85×, once: intro"), ("+", 66, "again at 1.15×, once: intro")] {
            for (k, p) in [(key, nil), (nil, pedal)] {
                let (_, player) = try Self.run(key: k, pedal: p)
                #expect(player.message == message, "pedal \(p != nil): \(player.message)")
                player.close()
            }
        }
    }

    @Test("a reset pedal resets as 0 does: speed 1× and the section's plan")
    func resetPedal() throws {
        let (_, player) = try Self.run(key: "\u{1B}[A", pedal: 62)
        #expect(player.speed == 1_000)
        #expect(player.message == "reset: speed 1×, transpose 0, intro's saved plan")
        player.close()
    }

    @Test("in a playlist a reset pedal is refused on screen, and the keys do nothing")
    func playlistRefuses() throws {
        let (c, player) = try Self.run(pedal: 62, playlist: true)
        #expect(c.screenState(player.view()).message == "reset: a playlist has no section list")
        player.close()
        let (keys, quiet) = try Self.run(key: "g", playlist: true)
        #expect(keys.screenState(quiet.view()).message == "" && quiet.message == "")
        quiet.close()
    }
}

@Suite("Shadowing's screen: the learner's and the overview's keys in its footer, and the sentence list")
struct ShadowOverviewTests {
    @Test("the footer lists again 0.85×/1.15×, the list, reset and then next/stop/all; j moves the list's cursor on screen")
    func footerAndList() throws {
        let (_, player) = try KeyAndPedalLoopTests.playerRig()
        defer { player.close() }
        let log = PracticeLog(url: FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-shadow-overview-\(getpid()).jsonl"))
        var made: PlayerController?
        KeyAndPedalLoopTests.drive(OverviewActionsLoopTests.session(), key: "j") { engine in
            let c = KeyAndPedalLoopTests.playerController(engine, player, shadow: ShadowMode(log: log))
            made = c
            return c
        }
        let c = try #require(made)
        let state = c.shadowState(player.view())
        #expect(state.keys.map { "\($0.keys) \($0.action)" } == [
            "space pause", "a again", "-/+ again 0.85×/1.15×", "n/p next/prev", "↑/↓ speed ±5 %", ",/. start ∓50 ms",
            "</> end ∓50 ms", "]/[ repeat ±1", "j/k enter list, start", "0 reset", "g then next/stop/all", "s scope", "q quit",
        ])
        let player2 = c.screenState(player.view())
        #expect(state.sections.count == 3 && state.sections == player2.sections)
        #expect(state.timeline == player2.timeline && !state.timeline.isEmpty)
        #expect(state.sectionInView == 1)
    }
}
