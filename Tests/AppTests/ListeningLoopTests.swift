import App
import Control
import Engine
import Glibc
import Testing
import Workers

/// `midi monitor` and `midi learn` run on the control loop: they sleep until the status
/// refresh or until RtMidi's thread wakes them, never in a fixed short poll.
@Suite("The listening loop of midi monitor and midi learn")
struct ListeningLoopTests {
    private func make() -> (ManualClock, ScriptedPoller, SilentOutput, ListeningLoop) {
        let clock = ManualClock()
        let poller = ScriptedPoller(clock: clock)
        let output = SilentOutput()
        let listening = ListeningLoop(loop: ControlLoop(clock: clock, poller: poller), output: output,
                                      session: LiveSession(settings: ClickSettings()))
        return (clock, poller, output, listening)
    }

    @Test("--for 1s: it looks 30 times a second with the JACK upkeep, sleeping a whole refresh each time, and once more at the end")
    func refreshesUntilTimeUp() {
        let (clock, poller, output, listening) = make()
        var looks: [Double] = []
        let end = listening.run(for: 1) { looks.append($0); return false }
        #expect(end == .timeUp)
        #expect(clock.nanoseconds == 1_000_000_000)
        #expect(looks.count == 31)
        #expect(looks.last == 1.0)
        #expect(output.ticks == looks.count)
        // A sleep is the time to the next refresh (33 or 34 ms), never a short fixed poll.
        #expect(poller.timeouts.count == 30)
        #expect(poller.timeouts.allSatisfy { (33...34).contains($0) })
    }

    @Test("a wake from RtMidi's thread is looked at once, at the same instant, not at the next refresh")
    func wakeIsSeenAtOnce() {
        let (clock, poller, _, listening) = make()
        var looks: [Int64] = []
        poller.meanwhile = { _ in
            if poller.timeouts.count == 2 { WakePipe.wake(listening.loop.wakePipe.writeDescriptor) }
        }
        listening.run(for: 0.1) { _ in looks.append(clock.nanoseconds); return false }
        // The first refresh at 34 ms; the wake during the second wait, looked at on the spot (34 ms).
        #expect(looks.prefix(2) == [34_000_000, 34_000_000])
    }

    @Test("a look that finds what it waited for ends the run at once (midi learn's press)")
    func lookEndsTheRun() {
        let (clock, _, _, listening) = make()
        let end = listening.run(for: 60) { now in now >= 0.5 }
        #expect(end == .programEnded)
        #expect(clock.nanoseconds == 500_000_000)  // the 15th refresh, not the 60 s limit
    }
}
