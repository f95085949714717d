import App
import Foundation
import Engine
import Remote
import RenderGraph
import Testing

/// A mode without a metronome builds none: its engine has no live session, and its state has
/// no tempo, meter, bar or beat. Control thread (the loop's, on a manual clock).
@Suite("Noise has no metronome: its state says what plays, the time left and the notch")
struct NoMetronomeStateTests {
    @Test("15 minutes of pink noise, 40 s in, notch on then off: running, 'Pink Noise · playing · 14:20 left · notch on', no tempo fields")
    func noiseState() throws {
        let log = PracticeLogLoopTests.log("no-metronome")
        defer { try? FileManager.default.removeItem(at: log.url) }
        let (engine, output, controller) = NotchedTimeLoopTests.pinkNoise(log: log)
        #expect(engine.session == nil)
        controller.notchSwitch = NotchSwitch()
        var states: [SessionState] = []
        engine.loop.after(0.1) { output.noiseFrames = 48_000 * 40 }
        engine.loop.after(0.2) { states.append(engine.state(now: engine.loop.now)); engine.perform(.toggleNotch, from: .remote) }
        engine.loop.after(0.3) { states.append(engine.state(now: engine.loop.now)); engine.loop.quit() }
        #expect(engine.run(controller) == .quit)
        try #require(states.count == 2)
        #expect(!states[0].hasMetronome && states[0].running && states[0].secondsLeft == 860)
        #expect(states.map(\.line) == ["Pink Noise · playing · 14:20 left · notch on", "Pink Noise · playing · 14:20 left · notch off"])
        #expect(states[0].fields.map(\.name) == ["running", "time_left", "line"])
        #expect(states[0].title == "Pink Noise")
    }
}
