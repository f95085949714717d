import Alarms
import App
import Engine
import Foundation
import Persistence
import RenderGraph
import Testing

/// The alarms on the one control loop, its clock injected: the wall clock follows it (and jumps
/// when the "computer sleeps"), and a stand-in render thread mixes the bell up to the wall time
/// at every turn, so frames and seconds agree exactly (48 frames a millisecond).
@Suite("Alarms on the control loop")
struct AlarmLoopTests {
    /// Saturday 2026-11-28 06:59:50 in Berlin.
    static let start = 1_795_845_590.0
    static let rate = 48_000

    final class Rig {
        let clock = ManualClock()
        let loop: ControlLoop
        let wall: ManualWallClock
        let keeper: AlarmKeeper
        let bell: AlarmBell
        let folder: URL
        let left = UnsafeMutablePointer<Float>.allocate(capacity: 48_000)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: 48_000)
        /// Frames of silence the bell was rendered over, and of sound.
        private(set) var loudFrames: Int64 = 0

        init(alarms: [Alarm], start: Double = AlarmLoopTests.start) throws {
            loop = ControlLoop(clock: clock, poller: ScriptedPoller(clock: clock))
            wall = ManualWallClock(following: clock, at: start)
            folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("alarm-loop-\(getpid())-\(UUID().uuidString)")
            let store = AlarmStore(url: folder.appendingPathComponent("alarms.json"))
            try store.edit { $0.alarms = alarms }
            keeper = AlarmKeeper(store: store, wall: wall, timeZone: TimeZone(identifier: "Europe/Berlin")!)
            bell = keeper.makeBell(rate: AlarmLoopTests.rate)
            loop.every(1.0 / 30) { [unowned self] in render(); keeper.refresh() }
        }

        deinit {
            left.deallocate()
            right.deallocate()
            try? FileManager.default.removeItem(at: folder)
        }

        /// The render thread's stand-in: the bell mixed up to the loop's time (frame 0 at its start).
        func render() {
            let target = clock.nanoseconds / 1_000_000 * 48
            while bell.framesPlayed < target {
                let n = Int(min(target - bell.framesPlayed, 48_000))
                left.update(repeating: 0, count: n)
                right.update(repeating: 0, count: n)
                bell.mix(frames: n, left: left, right: right)
                for i in 0..<n where left[i] != 0 { loudFrames += 1 }
            }
        }

        func at(_ seconds: Double, _ body: @escaping () -> Void) { loop.after(seconds, body) }
    }

    let sevenDaily = Alarm(id: 1, time: AlarmTime(hour: 7, minute: 0), days: .daily, label: "up", snoozeMinutes: 1)

    @Test("an alarm sets the bell on the exact frame of its second; s snoozes it for its minute, then it rings again; space stops it")
    func ringSnoozeStop() throws {
        let rig = try Rig(alarms: [sevenDaily])
        var seen: [String] = []
        rig.at(9.5) { seen.append("9.5: \(rig.keeper.ringer.state == .waiting) \(rig.bell.ringFrame.map(String.init) ?? "none")") }
        rig.at(10.5) { seen.append("10.5: ringing \(rig.keeper.ringing?.alarm.id ?? 0) \(rig.bell.ringFrame!)") }
        rig.at(15) { rig.keeper.snooze() }
        rig.at(15.5) {
            seen.append("15.5: \(rig.keeper.ringer.state == .snoozed(AlarmRing(alarm: sevenDaily, scheduled: 1_795_845_600), until: AlarmLoopTests.start + 75))")
        }
        rig.at(75.5) { seen.append("75.5: ringing \(rig.keeper.ringing != nil) \(rig.bell.ringFrame!)") }
        rig.at(80) { rig.keeper.stop() }
        rig.at(90) { rig.loop.quit() }
        rig.loop.run()
        #expect(seen == ["9.5: true 480000", "10.5: ringing 1 480000", "15.5: true", "75.5: ringing true 3600000"])
        #expect(rig.keeper.ringer.state == .waiting)
        // Sounding: 480 000 … 720 000 (+ 10 ms fade, its last frame silent), 3 600 000 … 3 840 000 (+ fade);
        // the beep is silent between its beeps, so count only that the bell fell silent after each stop.
        let afterStop = rig.loudFrames
        rig.render()
        #expect(rig.loudFrames == afterStop)
        #expect(rig.keeper.notes == [])
    }

    @Test("unanswered, the alarm stops after 15 minutes and says so")
    func unanswered() throws {
        let rig = try Rig(alarms: [sevenDaily])
        rig.at(10 + 899) { #expect(rig.keeper.ringing != nil) }
        rig.at(10 + 901) { rig.loop.quit() }
        rig.loop.run()
        #expect(rig.keeper.ringer.state == .waiting)
        #expect(rig.keeper.notes == ["07:00 daily \"up\" rang for 15 minutes unanswered: stopped"])
    }

    @Test("an alarm due while the computer slept is said as missed when it wakes, and does not ring")
    func missedWhileAsleep() throws {
        let rig = try Rig(alarms: [sevenDaily], start: AlarmLoopTests.start - 590)   // 06:50:00
        rig.at(60) { rig.wall.sleep(1800) }   // asleep from 06:51 to 07:21
        rig.at(62) { rig.loop.quit() }
        rig.loop.run()
        #expect(rig.keeper.notes == ["Missed alarm 07:00 daily \"up\" at 07:00 2026-11-28: the computer was asleep"])
        #expect(rig.bell.ringFrame == nil)
        #expect(rig.keeper.ringer.state == .waiting)
    }

    @Test("a change to alarms.json is read while the loop runs: the new alarm rings on its frame")
    func reloads() throws {
        let rig = try Rig(alarms: [])
        rig.at(1) {
            try? rig.keeper.store.edit { $0.alarms = [Alarm(id: 1, time: AlarmTime(hour: 6, minute: 59, second: 55), days: .daily)] }
        }
        rig.at(6) { rig.loop.quit() }
        rig.loop.run()
        #expect(rig.bell.ringFrame == Int64(5 * 48_000))
        #expect(rig.keeper.ringing?.alarm.id == 1)
    }
}
