import Alarms
import App
import Persistence
import Testing

@Suite("The clock's face")
struct ClockFaceTests {
    @Test("12 or 24 hours as the time locale writes it: en_US 12, de_DE and en_GB 24, C or none 24; LC_ALL before LC_TIME before LANG")
    func hoursFromTheLocale() {
        #expect(ClockFace.localeUses12Hours(environment: ["LANG": "en_US.UTF-8"]))
        #expect(!ClockFace.localeUses12Hours(environment: ["LANG": "de_DE.UTF-8"]))
        #expect(!ClockFace.localeUses12Hours(environment: ["LANG": "en_GB.UTF-8"]))
        #expect(!ClockFace.localeUses12Hours(environment: [:]))
        #expect(!ClockFace.localeUses12Hours(environment: ["LANG": "C.UTF-8"]))
        #expect(!ClockFace.localeUses12Hours(environment: ["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"]))
        #expect(ClockFace.localeUses12Hours(environment: ["LC_ALL": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8"]))
    }

    @Test("the digits: 07:05 in 24 hours; 7:05 AM, 12:30 PM and 12:00 AM in 12; the date and how far off")
    func digitsAndDate() {
        #expect(ClockFace.digits(AlarmTime(hour: 7, minute: 5, second: 9), twelveHours: false) == ("07:05", ""))
        #expect(ClockFace.digits(AlarmTime(hour: 7, minute: 5), twelveHours: true) == ("7:05", "AM"))
        #expect(ClockFace.digits(AlarmTime(hour: 12, minute: 30), twelveHours: true) == ("12:30", "PM"))
        #expect(ClockFace.digits(AlarmTime(hour: 0, minute: 0), twelveHours: true) == ("12:00", "AM"))
        #expect(ClockFace.dateLine(AlarmDate(year: 2026, month: 11, day: 24)) == "Tuesday 24 November 2026")
        #expect(ClockFace.inText(12.2) == "in 13 s")
        #expect(ClockFace.inText(240) == "in 4 min")
        #expect(ClockFace.inText(9 * 3600 + 300) == "in 9 h 05 min")
    }
}
