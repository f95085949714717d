import App
import Control
import Engine
import JackBackend
import Persistence
import RenderGraph
import TerminalUI
import Testing

@Suite("Live sessions on the control loop, with a manual clock")
struct LiveEngineTests {
    /// An engine over a free click session, plain output collected, keys from a pipe.
    static func engine(stopAfter: Double?, session: LiveSession = LiveSession(settings: ClickSettings()),
                       keys: KeyPipe = KeyPipe()) -> (LiveEngine, ManualClock, ScriptedPoller, Box) {
        let clock = ManualClock(seconds: 1_000)
        let poller = ScriptedPoller(clock: clock)
        let lines = Box()
        let engine = LiveEngine(loop: ControlLoop(clock: clock, poller: poller), output: SilentOutput(), session: session,
                                stopAfter: stopAfter, fullScreen: false, keys: KeyInput(fileDescriptor: keys.readEnd),
                                write: { lines.lines.append($0) })
        return (engine, clock, poller, lines)
    }

    final class Box { var lines: [String] = [] }

    @Test("--for T fades over min(10 s, T/2) from T − that, and quits at T", arguments: [
        (1_800.0, 1_790.0, 10.0), (30.0, 20.0, 10.0), (12.0, 6.0, 6.0), (3.0, 1.5, 1.5),
    ])
    func forTimerFadesThenQuits(timer: Double, fadeStarts: Double, fade: Double) {
        let (engine, clock, _, lines) = Self.engine(stopAfter: timer)
        let controller = RecordingController(loop: engine.loop)
        let end = engine.run(controller)
        #expect(end == .timeUp)
        #expect(controller.fades.map(\.seconds) == [fade])
        #expect(controller.fades.map(\.at) == [1_000 + fadeStarts])
        #expect(clock.seconds == 1_000 + timer)
        #expect(controller.stoppedWith == .timeUp)
        #expect(lines.lines == ["test: started", "test: stopped"])
    }

    @Test("the click's --for fade is one command to the renderer: a linear fade over min(10 s, T/2) of frames")
    func clickFadeCommand() throws {
        let session = LiveSession(settings: ClickSettings())
        let renderer = try session.makeRenderer(rate: 48_000)
        while renderer.commands.tryPop() != nil {}
        let (engine, _, _, _) = Self.engine(stopAfter: 12, session: session)
        var fadeCommands: [RenderCommand] = []
        engine.loop.every(0.5) {
            while let c = renderer.commands.tryPop() { if case .fadeOut = c { fadeCommands.append(c) } }
        }
        let controller = MetronomeController(engine: engine, store: nil, summary: "120 BPM 4/4")
        #expect(engine.run(controller) == .timeUp)
        #expect(fadeCommands == [.fadeOut(frames: 6 * 48_000)])
    }

    @Test("the end of a program quits at the first refresh that sees it, and the output is closed once")
    func programEndQuits() {
        let (engine, clock, poller, lines) = Self.engine(stopAfter: nil)
        let controller = RecordingController(loop: engine.loop)
        controller.programEndsAt = 1_001.5
        #expect(engine.run(controller) == .programEnded)
        #expect(controller.stoppedWith == .programEnded)
        #expect((engine.output as! SilentOutput).stops == 1)
        // Refreshes 30 times a second (each sleep rounded up to the millisecond): one lands on 1.5 s.
        #expect(clock.nanoseconds == 1_001_500_000_000)
        #expect(poller.timeouts.allSatisfy { $0 == 34 || $0 == 33 })
        #expect(lines.lines == ["test: started", "test: stopped"])
    }

    @Test("a quit key is read at once (not at the next refresh) and ends the session")
    func quitKeyAtOnce() {
        let keys = KeyPipe()
        let session = LiveSession(settings: ClickSettings())
        let (engine, clock, poller, _) = Self.engine(stopAfter: nil, session: session, keys: keys)
        let controller = MetronomeController(engine: engine, store: nil, summary: "x")
        poller.meanwhile = { _ in
            if clock.seconds >= 1_000.2 && poller.readyNext.isEmpty {
                keys.type("q")
                poller.readyNext = [keys.readEnd]
            }
        }
        #expect(engine.run(controller) == .quit)
        #expect(clock.seconds < 1_000.25)
        // Quitting within 1 s, counted rather than timed: the one wait after the loop is the
        // backend's close, bounded at 0.5 s (a server stopping at the same moment answers after
        // 5 s, or never); JackQuitTests runs it against real servers with a hang guard only.
        #expect((engine.output as! SilentOutput).stopTimeouts == [JackBackend.closeTimeout])
        #expect(JackBackend.closeTimeout <= 0.5)
    }

    @Test("autosave through the engine: a change seen at a refresh is saved at once, the next not before the interval, the last at quit")
    func engineAutosave() {
        let (engine, clock, _, _) = Self.engine(stopAfter: nil)
        let controller = RecordingController(loop: engine.loop)
        controller.autosaveInterval = 2
        controller.programEndsAt = 1_003
        engine.loop.after(0.1) { controller.hasUnsavedChanges = true }
        engine.loop.after(0.5) { controller.hasUnsavedChanges = true }
        engine.loop.after(2.9) { controller.hasUnsavedChanges = true }
        #expect(engine.run(controller) == .programEnded)
        let saves = controller.saves.map { Int64(($0 * 1e9).rounded()) }
        let ms = saves.map { ($0 - 1_000_000_000_000) / 1_000_000 }
        #expect(saves.count == 3, "\(ms)")
        // The first just after 0.1 s (its refresh, then the next turn); the 0.5 s change 2 s
        // after it; the 2.9 s change would wait until 4.1 s: it is saved at quit, at 3 s.
        #expect(ms[0] >= 100 && ms[0] < 170, "\(ms)")
        #expect(ms[1] == ms[0] + 2_000, "\(ms)")
        #expect(ms[2] >= 3_000 && ms[2] < 3_034, "\(ms)")
        #expect(saves.last == clock.nanoseconds)
    }
}

@Suite("Autosave: at most one save per interval, on one timer")
struct AutosaveTests {
    @Test("the first change is saved at the next turn; changes within the interval wait for its end; a late one at once")
    func savesAtMostOncePerInterval() {
        let clock = ManualClock()
        let loop = ControlLoop(clock: clock, poller: ScriptedPoller(clock: clock))
        var saves: [Double] = []
        let autosave = Autosave(loop: loop, interval: 2) { saves.append(clock.seconds) }
        loop.after(0.1) { autosave.changed() }
        loop.after(0.5) { autosave.changed() }
        loop.after(1.0) { autosave.changed() }
        loop.after(1.5) { autosave.changed() }
        loop.after(5.0) { autosave.changed() }
        loop.after(6.0) { autosave.changed(); autosave.saveNow() }
        loop.after(9.0) { loop.quit() }
        loop.run()
        #expect(saves == [0.1, 2.1, 5.0, 6.0])
    }
}
