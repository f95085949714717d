import App
import Control
import Engine
import Foundation
import JackBackend
import Persistence
import Player
import RenderGraph
import TerminalUI
import Testing
import WoodshedCore

/// An output that never connects but says how many frames of noise it has played. Test thread.
final class NoiseCountingOutput: LiveOutput {
    var status = OutputStatus()
    var events: [String] = []
    var noiseFrames: Int64? = 0
    func tick(now: Double) {}
    func stop(timeout: Double) -> Bool { true }
    func scopeSnapshot() -> ScopeSnapshot? { nil }
    var counters: RenderCounters? { nil }
}

@Suite("Every mode writes its practice-log line: play, shadow, click and noise, on the control loop with a manual clock")
struct PracticeLogLoopTests {
    /// A log of its own in the temporary folder.
    static func log(_ name: String) -> PracticeLog {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-logloop-\(name)-\(getpid()).jsonl")
        try? FileManager.default.removeItem(at: url)
        return PracticeLog(url: url)
    }

    @Test("play and shadow: the learner's keys replay the section once slower (-) or faster (+), and its line counts them", arguments: [
        ("-", false, "again at 0.85×, once: intro", PracticeLogEntry.Mode.play, 1),
        ("+", true, "again at 1.15×, once: intro", PracticeLogEntry.Mode.shadow, 0),
    ])
    func learnerKeys(key: String, shadowing: Bool, message: String, mode: PracticeLogEntry.Mode, slower: Int) throws {
        let log = Self.log("\(mode)")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let (session, player) = try KeyAndPedalLoopTests.playerRig()
        KeyAndPedalLoopTests.drive(session, key: key) { engine in
            let c = KeyAndPedalLoopTests.playerController(engine, player, shadow: shadowing ? ShadowMode(log: log) : nil)
            if !shadowing { c.playLog = log }
            return c
        }
        #expect(player.message == message)
        let contents = try log.read()
        #expect(contents.warnings == [])
        #expect(contents.entries.count == 1)
        let e = try #require(contents.entries.first)
        #expect(e.mode == mode)
        #expect(e.file == "/nowhere/song.wav" && e.section == "intro" && e.index == 1 && e.speed == 1000)
        #expect(e.again == 1 && e.slower == slower && e.cuts == 0)
        // From the first refresh (at the start) to the quit at 0.6 s, on the manual clock.
        #expect(e.milliseconds == 600)
        let line = try String(contentsOf: log.url, encoding: .utf8)
        #expect(line.hasSuffix(#","index":1,"passes":0,"speed":1,"seconds":0.6,"again":1"# + (slower == 1 ? #","slower":1}"# : "}") + "\n"), "\(line)")
    }

    @Test("play without a log (a playlist) writes nothing; a bad cut is counted for the section")
    func playCuts() throws {
        let log = Self.log("cuts")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let (session, player) = try KeyAndPedalLoopTests.playerRig()
        KeyAndPedalLoopTests.drive(session, key: ">") { KeyAndPedalLoopTests.playerController($0, player) }
        #expect(try log.read().entries == [])
        let (session2, player2) = try KeyAndPedalLoopTests.playerRig()
        KeyAndPedalLoopTests.drive(session2, key: ">") { engine in
            let c = KeyAndPedalLoopTests.playerController(engine, player2)
            c.playLog = log
            return c
        }
        let entries = try log.read().entries
        #expect(entries.map(\.mode) == [.play])
        #expect(entries.map(\.cuts) == [1])
        #expect(entries.map(\.again) == [0])
    }

    @Test("click: the time it ran at its tempo is one line at the end")
    func click() throws {
        let log = Self.log("click")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let session = LiveSession(settings: ClickSettings())
        KeyAndPedalLoopTests.drive(session, key: "\u{1B}[A") { engine in
            let c = MetronomeController(engine: engine, store: nil, summary: "120 BPM 4/4")
            c.practiceLog = log
            return c
        }
        let contents = try log.read()
        #expect(contents.entries.count == 1)
        let e = try #require(contents.entries.first)
        #expect(e.mode == .click && e.milliBPM == 121_000 && e.setlist == nil && e.song == nil)
        #expect(e.milliseconds == 600)
    }

    @Test("click --coach: the click's line gets the session's figures (hits, mean, spread, missed)")
    func coachedClick() throws {
        let log = Self.log("coached")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let session = LiveSession(settings: ClickSettings())
        let coach = LiveCoach(session: session, listener: nil, rate: 48_000, trainer: nil, log: nil, latencyFrames: { 0 })
        // A bar of four beats heard: +1 ms and −2 ms, then two beats missed.
        let steps = (0..<4).map { PlayedStep(bar: 0, step: $0, stepsPerBar: 4, stepsPerBeat: 1, cell: $0 == 0 ? .accent : .normal,
                                             inGap: false, milliBPM: 120_000, frame: Int64($0) * 24_000) }
        coach.take(steps: steps, onsets: [48, 24_000 - 96], heardUpTo: 100_000)
        KeyAndPedalLoopTests.drive(session, key: "\u{1B}[A") { engine in
            let c = MetronomeController(engine: engine, store: nil, summary: "120 BPM 4/4")
            c.practiceLog = log
            c.coach = coach
            return c
        }
        let e = try #require(try log.read().entries.first)
        #expect(e.coaching == PracticeLogCoaching(hits: 2, meanMicroseconds: -500, spreadMicroseconds: 1_500, missed: 2))
        #expect(e.jsonLine.hasSuffix(#""tempo":121,"seconds":0.6,"hits":2,"mean_ms":-0.5,"spread_ms":1.5,"missed":2}"#))
    }

    @Test("noise: the time it sounded, from the frames played")
    func noise() throws {
        let log = Self.log("noise")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let output = NoiseCountingOutput()
        let clock = ManualClock(seconds: 1_000)
        let engine = LiveEngine(loop: ControlLoop(clock: clock, poller: ScriptedPoller(clock: clock)), output: output,
                                session: LiveSession(settings: ClickSettings()), stopAfter: nil, fullScreen: false,
                                keys: KeyInput(fileDescriptor: KeyPipe().readEnd), write: { _ in })
        let timer = NoiseTimer(seconds: 900, fadeSeconds: 0)
        let controller = NoiseController(engine: engine, timer: timer, title: "Brown Noise", level: -18)
        controller.practiceLog = log
        #expect(controller.practiceEntry(date: Date()) == nil)
        output.noiseFrames = 48_000 * 61 + 24_000
        engine.loop.after(0.5) { engine.loop.quit() }
        #expect(engine.run(controller) == .quit)
        let entries = try log.read().entries
        #expect(entries.count == 1)
        #expect(entries.first?.mode == .noise && entries.first?.sound == "Brown Noise" && entries.first?.milliseconds == 61_500)
    }

    @Test("the click's lines per setlist song: only the time it ran, the tempo at the end of each")
    func clickPerSong() {
        var p = ClickPractice(setlist: "gig")
        let date = Date(timeIntervalSince1970: 1_740_852_245)
        #expect(p.observe(running: false, song: "Intro", milliBPM: 100_000, now: 0, date: date) == nil)
        #expect(p.observe(running: true, song: "Intro", milliBPM: 100_000, now: 10, date: date) == nil)
        #expect(p.observe(running: false, song: "Intro", milliBPM: 104_000, now: 70, date: date) == nil)
        #expect(p.observe(running: false, song: "Intro", milliBPM: 104_000, now: 500, date: date) == nil)
        #expect(p.observe(running: true, song: "Intro", milliBPM: 104_000, now: 510, date: date) == nil)
        #expect(p.observe(running: true, song: "Ballad", milliBPM: 72_000, now: 520.25, date: date)
            == .click(date: date, milliBPM: 104_000, milliseconds: 70_250, setlist: "gig", song: "Intro"))
        #expect(p.finish(now: 580, date: date) == .click(date: date, milliBPM: 72_000, milliseconds: 59_750, setlist: "gig", song: "Ballad"))
        #expect(p.finish(now: 580, date: date) == nil)
    }
}
