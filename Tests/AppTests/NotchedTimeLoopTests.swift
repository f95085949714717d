import App
import Control
import Engine
import Foundation
import Persistence
import Player
import RenderGraph
import TerminalUI
import Testing

@Suite("The practice log's notched time on the control loop with a manual clock: counted while the notch is on, not while key f has it off")
struct NotchedTimeLoopTests {
    /// Pink noise for 15 minutes on an engine with a manual clock, logging to `log`.
    static func pinkNoise(log: PracticeLog) -> (LiveEngine, NoiseCountingOutput, NoiseController) {
        let output = NoiseCountingOutput()
        let clock = ManualClock(seconds: 1_000)
        let engine = LiveEngine(loop: ControlLoop(clock: clock, poller: ScriptedPoller(clock: clock)), output: output,
                                session: nil, stopAfter: nil, fullScreen: false,
                                keys: KeyInput(fileDescriptor: KeyPipe().readEnd), write: { _ in })
        let controller = NoiseController(engine: engine, timer: NoiseTimer(seconds: 900, fadeSeconds: 0), title: "Pink Noise", level: -18)
        controller.practiceLog = log
        return (engine, output, controller)
    }

    @Test("noise: the frames played with the notch on, from the frames played; f switches the count off and on")
    func noise() throws {
        let log = PracticeLogLoopTests.log("notched-noise")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let (engine, output, controller) = Self.pinkNoise(log: log)
        controller.notchSwitch = NotchSwitch()
        // On for the first 10 s of noise, off (f) for 15 s, on (f) for the last 15.5 s.
        engine.loop.after(0.1) { output.noiseFrames = 48_000 * 10; controller.perform(.toggleNotch) }
        engine.loop.after(0.2) { output.noiseFrames = 48_000 * 25; controller.perform(.toggleNotch) }
        engine.loop.after(0.3) { output.noiseFrames = 48_000 * 40 + 24_000; engine.loop.quit() }
        #expect(engine.run(controller) == .quit)
        let line = try String(contentsOf: log.url, encoding: .utf8)
        #expect(line.hasSuffix(#""mode":"noise","sound":"Pink Noise","seconds":40.5,"notched":25.5}"# + "\n"), "\(line)")
    }

    @Test("noise without --notch: no notched field")
    func noiseWithoutNotch() throws {
        let log = PracticeLogLoopTests.log("plain-noise")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let (engine, output, controller) = Self.pinkNoise(log: log)
        output.noiseFrames = 48_000 * 40
        engine.loop.after(0.3) { engine.loop.quit() }
        #expect(engine.run(controller) == .quit)
        let line = try String(contentsOf: log.url, encoding: .utf8)
        #expect(line.hasSuffix(#""mode":"noise","sound":"Pink Noise","seconds":40}"# + "\n"), "\(line)")
    }

    @Test("play: f at 0.2 s switches the notch off; the section's line (a bad cut at 0.4 s) counts 0.2 s of its 0.6 s as notched")
    func play() throws {
        let log = PracticeLogLoopTests.log("notched-play")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let (session, player) = try KeyAndPedalLoopTests.playerRig()
        KeyAndPedalLoopTests.drive(session, key: "f", pedal: KeyAndPedalLoopTests.noteOn(63)) { engine in
            let c = KeyAndPedalLoopTests.playerController(engine, player)
            c.playLog = log
            c.notchSwitch = NotchSwitch()
            return c
        }
        let line = try String(contentsOf: log.url, encoding: .utf8)
        #expect(line.hasSuffix(#""section":"intro","index":1,"passes":0,"speed":1,"seconds":0.6,"cuts":1,"notched":0.2}"# + "\n"), "\(line)")
    }
}
