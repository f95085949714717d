import App
import Engine
import Glibc
import Testing

@Suite("The control loop")
struct ControlLoopTests {
    @Test("timers fire in deadline order at their deadlines, and a repeating one keeps its beat")
    func timersFireInOrder() {
        let clock = ManualClock()
        let loop = ControlLoop(clock: clock, poller: ScriptedPoller(clock: clock))
        var fired: [(String, Int64)] = []
        loop.after(0.25) { fired.append(("b", clock.nanoseconds)) }
        loop.after(0.1) { fired.append(("a", clock.nanoseconds)) }
        let tick = loop.every(0.2) { fired.append(("tick", clock.nanoseconds)) }
        loop.after(0.65) { loop.cancel(tick) }
        loop.after(1.0) { loop.quit(.timeUp) }
        #expect(loop.run() == .timeUp)
        #expect(fired.map(\.0) == ["a", "tick", "b", "tick", "tick"])
        #expect(fired.map(\.1) == [100_000_000, 200_000_000, 250_000_000, 400_000_000, 600_000_000])
        #expect(clock.nanoseconds == 1_000_000_000)
    }

    @Test("the loop sleeps exactly until its next timer: the poll timeout is the time left")
    func sleepsUntilNextTimer() {
        let clock = ManualClock()
        let poller = ScriptedPoller(clock: clock)
        let loop = ControlLoop(clock: clock, poller: poller)
        loop.after(0.1) {}
        loop.after(0.35) {}
        loop.after(2.5) { loop.quit() }
        loop.run()
        #expect(poller.timeouts == [100, 250, 2_150])
    }

    @Test("a timeout is rounded up to the millisecond, so the loop never wakes early and spins")
    func timeoutRoundsUp() {
        let clock = ManualClock()
        let poller = ScriptedPoller(clock: clock)
        let loop = ControlLoop(clock: clock, poller: poller)
        loop.after(0.000_000_5) { loop.quit() }
        loop.run()
        #expect(poller.timeouts == [1])
    }

    @Test("a wake from another thread is handled at once, without waiting for the next timer")
    func wakeDeliversAtOnce() {
        let clock = ManualClock()
        let poller = ScriptedPoller(clock: clock)
        let loop = ControlLoop(clock: clock, poller: poller)
        var woken: [Int64] = []
        loop.onWake { woken.append(clock.nanoseconds); loop.quit() }
        loop.after(60) {}
        clock.advance(by: 1)
        loop.wakePipe.wake()
        loop.run()
        #expect(woken == [1_000_000_000])
        #expect(poller.timeouts == [59_000])
        #expect(clock.nanoseconds == 1_000_000_000)
    }

    @Test("input on a watched descriptor is read at once; without timers the loop waits for ever")
    func inputAtOnce() {
        let clock = ManualClock()
        let poller = ScriptedPoller(clock: clock)
        let loop = ControlLoop(clock: clock, poller: poller)
        var ends: [Int32] = [-1, -1]
        _ = ends.withUnsafeMutableBufferPointer { pipe($0.baseAddress) }
        defer { close(ends[0]); close(ends[1]) }
        var got: [UInt8] = []
        loop.watch(ends[0]) {
            var b: UInt8 = 0
            _ = read(ends[0], &b, 1)
            got.append(b)
            if got.count == 2 { loop.quit() }
        }
        poller.meanwhile = { _ in
            var b = UInt8(got.count + 7)
            _ = write(ends[1], &b, 1)
            poller.readyNext = [ends[0]]
        }
        loop.run()
        #expect(got == [7, 8])
        #expect(poller.timeouts == [-1, -1])
    }

    @Test("quit ends the loop after the turn: later timers never fire, and the first reason is kept")
    func quitEndsTheLoop() {
        let clock = ManualClock()
        let loop = ControlLoop(clock: clock, poller: ScriptedPoller(clock: clock))
        var late = false
        loop.after(1) { loop.quit(.programEnded); loop.quit(.timeUp) }
        loop.after(1) { late = true }
        loop.after(2) { late = true }
        #expect(loop.run() == .programEnded)
        #expect(!late)
        #expect(clock.nanoseconds == 1_000_000_000)
    }
}
