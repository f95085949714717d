import App
import Control
import Engine
import Foundation
import Media
import MIDI
import Persistence
import Player
import Stretch
import TerminalUI
import Testing
import WoodshedCore

/// Stereo silence: a source for a player whose sound is not listened to. Worker thread.
final class SilentSource: ProgramSource {
    func read(from start: Int64, count: Int, into buffer: UnsafeMutablePointer<Float>) {
        buffer.update(repeating: 0, count: 2 * count)
    }
}

@Suite("A key and a pedal give the same action and the same effect, on the control loop with a manual clock")
struct KeyAndPedalLoopTests {
    static let up = "\u{1B}[A"

    /// A pedal's message as RtMidi delivers it: note on `note`, velocity 100.
    static func noteOn(_ note: UInt8) -> [UInt8] { [0x90, note, 100] }

    static func binding(_ note: Int16, _ action: MIDIAction, _ argument: Int64 = -1) -> MIDIBinding {
        MIDIBinding(message: .note, number: note, low: 1, action: action, argument: argument, index: Int32(note - 60))
    }

    /// The click's pedals: note 60 tempo up 1 BPM, 61 section-next.
    static func clickSession() -> LiveSession {
        LiveSession(settings: ClickSettings(), midi: MIDIControl(bindings: [binding(60, .tempoUp, 1_000), binding(61, .sectionNext)]))
    }

    /// Runs the controller `make` builds on an engine over `session`: at 0.2 s the terminal bytes
    /// `key` arrive on standard input; at 0.4 s the pedal's message `pedal` arrives from RtMidi,
    /// which wakes the loop as its thread does; at 0.6 s the session quits.
    static func drive(_ session: LiveSession, key: String? = nil, pedal: [UInt8]? = nil, remote: Action? = nil,
                      _ make: (LiveEngine) -> SessionController) {
        let keys = KeyPipe()
        let (engine, clock, poller, _) = LiveEngineTests.engine(stopAfter: nil, session: session, keys: keys)
        let controller = make(engine)
        var keyDue = key, pedalDue = pedal, remoteDue = remote
        poller.meanwhile = { _ in
            if let r = remoteDue, clock.seconds >= 1_000.3 {
                engine.perform(r)   // as OSC, `ctl` and MPRIS do
                remoteDue = nil
            }
            if let k = keyDue, clock.seconds >= 1_000.2 {
                keys.type(k)
                poller.readyNext = [keys.readEnd]
                keyDue = nil
            }
            if let p = pedalDue, clock.seconds >= 1_000.4 {
                p.withUnsafeBufferPointer { session.receiveExternalMIDI($0.baseAddress!, count: $0.count, now: clock.seconds) }
                engine.loop.wakePipe.wake()
                pedalDue = nil
            }
        }
        engine.loop.after(0.6) { engine.loop.quit() }
        #expect(engine.run(controller) == .quit)
        #expect(keyDue == nil && pedalDue == nil && remoteDue == nil)
    }

    /// The actions the engine hands a controller for `key` then `pedal` (the controller's keys: `keyMap`).
    static func actions(_ session: LiveSession, key: String, pedal: [UInt8], keyMap: @escaping (Key, Double) -> Action?) -> [Action] {
        var recorder: RecordingController?
        drive(session, key: key, pedal: pedal) { engine in
            let r = RecordingController(loop: engine.loop)
            r.keyMap = keyMap
            recorder = r
            return r
        }
        return recorder?.performed ?? []
    }

    @Test("click: ↑ and a tempo-up pedal (1 BPM) are both tempo-up, and each takes 120 to 121 BPM")
    func clickTempoUp() {
        #expect(Self.actions(Self.clickSession(), key: Self.up, pedal: Self.noteOn(60), keyMap: { KeyMap.click($0, at: $1) })
                == [.tempoStep(milliBPM: 1_000), .tempoStep(milliBPM: 1_000)])
        for (key, pedal) in [(Self.up, nil), (nil, Self.noteOn(60))] {
            let session = Self.clickSession()
            Self.drive(session, key: key, pedal: pedal) { MetronomeController(engine: $0, store: nil, summary: "120 BPM 4/4") }
            #expect(session.settings.milliBPM == 121_000 && session.message == "121 BPM", "key \(key != nil), pedal \(pedal != nil)")
        }
    }

    @Test("click: a section-next pedal is said to have no part, on screen, in today's words")
    func clickHasNoSections() {
        let session = Self.clickSession()
        var controller: MetronomeController?
        Self.drive(session, pedal: Self.noteOn(61)) { engine in
            let c = MetronomeController(engine: engine, store: nil, summary: "120 BPM 4/4", note: "a note")
            controller = c
            return c
        }
        #expect(controller?.displayState(now: 0).message == "section-next: there is no rehearsal player in this session")
    }

    /// The player's live session; its pedals: 60 section-next, 61 speed-up 5 %, 62 tempo-up,
    /// 63 nudge-out-later 30 ms.
    static func playerSession() -> LiveSession {
        let session = LiveSession(settings: ClickSettings(), midi: MIDIControl(bindings: [
            binding(60, .sectionNext), binding(61, .speedUp, 5), binding(62, .tempoUp, 1_000), binding(63, .nudgeOutLater, 30),
        ]))
        session.forPlayer = true
        return session
    }

    /// A player over three sections (intro, verse, chorus) of 10 s of silence, its worker
    /// started, with its live session.
    static func playerRig() throws -> (LiveSession, PlayerSession) {
        let audio = PlayerSession.Audio(source: SilentSource(), rate: 48_000, frames: 480_000, engine: .faster,
                                        crossfadeMilliseconds: 0, clickWaves: { _ in ([0.5], [0.25]) })
        let sections = [try Section(name: "intro", start: 0, end: 96_000), try Section(name: "verse", start: 96_000, end: 192_000),
                        try Section(name: "chorus", start: 288_000, end: 384_000)]
        let player = PlayerSession(audio: audio, sections: sections, unsavedCount: 0, startSection: 0, speed: 1_000,
                                   transposeCents: 0, click: nil)
        _ = try player.makeDeck(outputRate: 48_000)
        return (playerSession(), player)
    }

    static func playerController(_ engine: LiveEngine, _ player: PlayerSession, shadow: ShadowMode? = nil) -> PlayerController {
        let info = AudioFileInfo(path: "/nowhere/song.wav", frames: 480_000, rate: 48_000, channels: 2, format: .wav,
                                 formatName: "WAV", seeksExactly: true)
        return PlayerController(engine: engine, player: player, file: PlayerFile(summary: "song.wav", fileLine: "song.wav", info: info, practice: nil),
                                keepOpen: true, shadow: shadow)
    }

    @Test("player: n and a section-next pedal, ↑ and a speed-up pedal (5 %): the same action and the same effect", arguments: [
        ("n", UInt8(60), Action.sectionStep(1), "section 2/3: verse", 1_000),
        (up, UInt8(61), Action.speedStep(thousandths: 50), "speed 1.05×", 1_050),
    ])
    func playerSameEffect(key: String, pedal: UInt8, action: Action, message: String, speed: Int) throws {
        #expect(Self.actions(Self.playerSession(), key: key, pedal: Self.noteOn(pedal), keyMap: { key, _ in KeyMap.player(key) }) == [action, action])
        for (k, n) in [(key, nil), (nil, pedal)] {
            let (session, player) = try Self.playerRig()
            Self.drive(session, key: k, pedal: n.map(Self.noteOn)) { Self.playerController($0, player) }
            #expect(player.message == message && player.speed == speed, "key \(k != nil), pedal \(n != nil): \(player.message)")
        }
    }

    @Test("shadowing: > and a nudge-out-later pedal (30 ms) both move the sentence's end by the shadowing step, 50 ms")
    func shadowNudge() throws {
        let log = PracticeLog(url: FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-keypedal-\(getpid()).jsonl"))
        for (k, n) in [(">", nil), (nil, UInt8(63))] {
            let (session, player) = try Self.playerRig()
            Self.drive(session, key: k, pedal: n.map(Self.noteOn)) { Self.playerController($0, player, shadow: ShadowMode(log: log)) }
            #expect(player.sections[0].end == 98_400 && player.message == "intro: 0:00.000–0:02.050", "key \(k != nil): \(player.message)")
        }
    }

    @Test("player: a tempo-up pedal is said to have no part, on screen")
    func playerHasNoTempo() throws {
        let (session, player) = try Self.playerRig()
        var controller: PlayerController?
        Self.drive(session, pedal: Self.noteOn(62)) { engine in
            let c = Self.playerController(engine, player)
            controller = c
            return c
        }
        #expect(controller?.screenState(player.view()).message == "tempo-up: there is no metronome in this session")
        #expect(session.settings.milliBPM == 120_000)
    }
}
