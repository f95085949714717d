import Alarms
import Foundation
import Persistence
import Testing

@Suite("When alarms ring on the wall clock")
struct AlarmScheduleTests {
    let berlin = AlarmSchedule(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let newYork = AlarmSchedule(timeZone: TimeZone(identifier: "America/New_York")!)
    /// Friday 2026-11-27 08:00 in Berlin (07:00 UTC).
    let fridayMorning = 1_795_762_800.0

    @Test("a mon-fri alarm at 07:00 found on Friday after 07:00 next rings on Monday at 07:00, a daily one on Saturday")
    func weekdays() {
        let work = Alarm(id: 1, time: AlarmTime(hour: 7, minute: 0), days: AlarmDays("mon-fri")!)
        #expect(berlin.next(work, after: fridayMorning) == 1_796_018_400)
        let daily = Alarm(id: 2, time: AlarmTime(hour: 7, minute: 0), days: .daily)
        #expect(berlin.next(daily, after: fridayMorning) == 1_795_845_600)
        #expect(berlin.date(at: fridayMorning) == AlarmDate(year: 2026, month: 11, day: 27))
        #expect(berlin.date(at: fridayMorning).weekday == 4)
    }

    @Test("a once alarm rings on its date and never after; a disabled alarm never")
    func once() {
        let date = berlin.onceDate(for: AlarmTime(hour: 7, minute: 0), now: fridayMorning)
        #expect(date == AlarmDate(year: 2026, month: 11, day: 28))
        let alarm = Alarm(id: 1, time: AlarmTime(hour: 7, minute: 0), days: .once, date: date)
        #expect(berlin.next(alarm, after: fridayMorning) == 1_795_845_600)
        #expect(berlin.next(alarm, after: 1_795_845_600) == nil)
        var off = Alarm(id: 2, time: AlarmTime(hour: 7, minute: 0), days: .daily)
        off.enabled = false
        #expect(berlin.next(off, after: fridayMorning) == nil)
    }

    @Test("a time the clocks skip rings at the first valid minute after it (Berlin 02:30 on 29 March 2026 rings at 03:00 CEST)")
    func skippedTime() {
        let alarm = Alarm(id: 1, time: AlarmTime(hour: 2, minute: 30), days: .daily)
        let saturdayNoon = 1_774_746_000.0 - 14 * 3600
        #expect(berlin.next(alarm, after: saturdayNoon) == 1_774_746_000)
        #expect(berlin.time(at: 1_774_746_000) == AlarmTime(hour: 3, minute: 0))
        let ny = Alarm(id: 2, time: AlarmTime(hour: 2, minute: 15), days: .daily)
        #expect(newYork.next(ny, after: 1_772_953_200.0 - 10 * 3600) == 1_772_953_200)
    }

    @Test("a time that comes twice rings once, at its first occurrence (Berlin 02:30 on 25 October 2026)")
    func repeatedTime() {
        let alarm = Alarm(id: 1, time: AlarmTime(hour: 2, minute: 30), days: .daily)
        let rings = berlin.rings(of: [alarm], after: 1_792_888_200.0 - 6 * 3600, through: 1_792_888_200.0 + 6 * 3600)
        #expect(rings.map(\.scheduled) == [1_792_888_200])
        let ny = Alarm(id: 2, time: AlarmTime(hour: 1, minute: 30), days: .daily)
        #expect(newYork.rings(of: [ny], after: 1_793_511_000.0 - 5 * 3600, through: 1_793_511_000.0 + 5 * 3600).map(\.scheduled) == [1_793_511_000])
    }

    @Test("days are read as written and written back in their shortest form")
    func daysText() {
        #expect(AlarmDays("mon-fri") == .weekly([0, 1, 2, 3, 4]))
        #expect(AlarmDays("weekdays")?.text == "mon-fri")
        #expect(AlarmDays("sat,sun")?.text == "sat,sun")
        #expect(AlarmDays("fri-mon")?.text == "mon,fri-sun")
        #expect(AlarmDays("mon,wed,fri")?.text == "mon,wed,fri")
        #expect(AlarmDays("Daily")?.text == "daily")
        #expect(AlarmDays("mon-") == nil)
        #expect(AlarmDays("funday") == nil)
        #expect(AlarmTime("7:05") == AlarmTime(hour: 7, minute: 5))
        #expect(AlarmTime("07:00:30")?.text == "07:00:30")
        #expect(AlarmTime("24:00") == nil)
        #expect(AlarmTime("07:60") == nil)
        #expect(AlarmDate("2026-02-29") == nil)
        #expect(AlarmDate("2028-02-29")?.text == "2028-02-29")
    }
}
