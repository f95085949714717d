import Alarms
import Foundation
import Persistence
import Testing

@Suite("Ringing, snoozing and stopping")
struct AlarmRingerTests {
    let schedule = AlarmSchedule(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    /// Saturday 2026-11-28 07:00 in Berlin.
    let seven = 1_795_845_600.0
    let alarm = Alarm(id: 1, time: AlarmTime(hour: 7, minute: 0), days: .daily, label: "up", snoozeMinutes: 9)

    @Test("an alarm rings at its second; s snoozes it for its 9 minutes, then it rings again; space stops it")
    func snoozeAndStop() {
        let ringer = AlarmRinger(schedule: schedule, alarms: [alarm], now: seven - 10)
        #expect(ringer.nextRing?.at == seven)
        #expect(ringer.tick(now: seven - 0.5) == [])
        let ring = AlarmRing(alarm: alarm, scheduled: Int64(seven))
        #expect(ringer.tick(now: seven) == [.ring(ring, at: seven)])
        #expect(ringer.snooze(now: seven + 20) == .snoozed(ring, until: seven + 20 + 540))
        #expect(ringer.nextRing?.at == seven + 560)
        #expect(ringer.tick(now: seven + 559) == [])
        #expect(ringer.tick(now: seven + 560) == [.ring(ring, at: seven + 560)])
        #expect(ringer.stop(now: seven + 565) == .stopped(ring))
        #expect(ringer.state == .waiting)
        #expect(ringer.stop(now: seven + 566) == nil)
        #expect(ringer.nextRing?.at == seven + 86_400)
    }

    @Test("unanswered, an alarm stops by itself after 15 minutes")
    func unanswered() {
        let ringer = AlarmRinger(schedule: schedule, alarms: [alarm], now: seven - 1)
        let ring = AlarmRing(alarm: alarm, scheduled: Int64(seven))
        #expect(ringer.tick(now: seven) == [.ring(ring, at: seven)])
        #expect(ringer.tick(now: seven + 899) == [])
        #expect(ringer.tick(now: seven + 900) == [.unanswered(ring)])
        #expect(ringer.state == .waiting)
    }

    @Test("an alarm due while the computer slept is told as missed when it wakes, not rung late")
    func missed() {
        let ringer = AlarmRinger(schedule: schedule, alarms: [alarm], now: seven - 600)
        let ring = AlarmRing(alarm: alarm, scheduled: Int64(seven))
        #expect(ringer.tick(now: seven + 1200) == [.missed(ring, late: 1200)])
        #expect(ringer.state == .waiting)
        let late = AlarmRinger(schedule: schedule, alarms: [alarm], now: seven - 1)
        #expect(late.tick(now: seven + 30) == [.ring(ring, at: seven)])
    }

    @Test("new alarms from the file ring; a ringing one goes on")
    func reload() {
        let ringer = AlarmRinger(schedule: schedule, alarms: [alarm], now: seven - 1)
        _ = ringer.tick(now: seven)
        let later = Alarm(id: 2, time: AlarmTime(hour: 7, minute: 5), days: .once, date: AlarmDate(year: 2026, month: 11, day: 28))
        ringer.replaceAlarms([later])
        #expect(ringer.state == .ringing(AlarmRing(alarm: alarm, scheduled: Int64(seven)), since: seven))
        #expect(ringer.tick(now: seven + 300) == [.ring(AlarmRing(alarm: later, scheduled: Int64(seven) + 300), at: seven + 300)])
    }
}

@Suite("Several alarms at once")
struct SeveralAlarmsTests {
    let schedule = AlarmSchedule(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    /// Saturday 2026-11-28 07:00 in Berlin.
    let seven = 1_795_845_600.0

    @Test("a second alarm rings while the first is snoozed; stopping it leaves the first snoozed, which rings again on time")
    func snoozeSurvivesAnotherAlarm() {
        let first = Alarm(id: 1, time: AlarmTime(hour: 7, minute: 0), days: .daily, snoozeMinutes: 10)
        let second = Alarm(id: 2, time: AlarmTime(hour: 7, minute: 5), days: .daily)
        let ringer = AlarmRinger(schedule: schedule, alarms: [first, second], now: seven - 1)
        let a = AlarmRing(alarm: first, scheduled: Int64(seven)), b = AlarmRing(alarm: second, scheduled: Int64(seven) + 300)
        #expect(ringer.tick(now: seven) == [.ring(a, at: seven)])
        #expect(ringer.snooze(now: seven + 10) == .snoozed(a, until: seven + 610))
        #expect(ringer.tick(now: seven + 300) == [.ring(b, at: seven + 300)])
        #expect(ringer.stop(now: seven + 305) == .stopped(b))
        #expect(ringer.state == .snoozed(a, until: seven + 610))
        #expect(ringer.nextRing?.at == seven + 610)
        #expect(ringer.tick(now: seven + 610) == [.ring(a, at: seven + 610)])
        #expect(ringer.stop(now: seven + 611) == .stopped(a))
        #expect(ringer.snoozes == [])
    }
}
