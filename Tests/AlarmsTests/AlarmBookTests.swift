import Foundation
import Persistence
import Testing

@Suite("alarms.json")
struct AlarmBookTests {
    @Test("alarms are saved one a line and read back the same")
    func roundTrip() throws {
        let book = AlarmBook(alarms: [
            Alarm(id: 1, time: AlarmTime(hour: 7, minute: 0), days: AlarmDays("mon-fri")!, label: "work \"early\""),
            Alarm(id: 3, time: AlarmTime(hour: 6, minute: 30, second: 5), days: .once, date: AlarmDate(year: 2026, month: 11, day: 25),
                  sound: "brown", volume: 40, snoozeMinutes: 30, enabled: false),
        ])
        let text = String(decoding: book.jsonData(), as: UTF8.self)
        #expect(text == """
            {
              "schemaVersion": 1,
              "alarms": [
                {"id": 1, "time": "07:00", "days": "mon-fri", "label": "work \\"early\\"", "sound": "beep", "volume": 80, "snoozeMinutes": 9, "enabled": true},
                {"id": 3, "time": "06:30:05", "days": "once", "date": "2026-11-25", "label": "", "sound": "brown", "volume": 40, "snoozeMinutes": 30, "enabled": false}
              ]
            }

            """)
        #expect(try AlarmBook(data: book.jsonData(), source: "alarms.json") == book)
        #expect(book.nextID == 4)
    }

    @Test("a wrong field is one line naming the file, the line and the field")
    func strictErrors() {
        func error(_ json: String) -> String {
            do {
                _ = try AlarmBook(data: Data(json.utf8), source: "alarms.json")
                return "no error"
            } catch { return error.description }
        }
        let head = "{\"schemaVersion\": 1, \"alarms\": [\n"
        let ok = "\"id\": 1, \"time\": \"07:00\", \"days\": \"daily\", \"label\": \"\", \"sound\": \"beep\", \"volume\": 80, \"enabled\": true"
        #expect(error(head + "{\(ok), \"snoozeMinutes\": 31}]}") == "alarms.json:2: alarms[0].snoozeMinutes: 31 is out of range 1…30")
        #expect(error(head + "{\(ok), \"snoozeMinutes\": 9, \"snooze\": 3}]}")
            == "alarms.json:2: alarms[0].snooze: not a known field; the fields here are id, time, days, date, label, sound, volume, snoozeMinutes, enabled (comments start with \"_\" or \"comment\")")
        #expect(error(head + "{\(ok.replacingOccurrences(of: "07:00", with: "7h")), \"snoozeMinutes\": 9}]}")
            == "alarms.json:2: alarms[0].time: \"7h\" is not a time of day: write HH:MM or HH:MM:SS (24-hour)")
        #expect(error(head + "{\(ok.replacingOccurrences(of: "daily", with: "once")), \"snoozeMinutes\": 9}]}")
            == "alarms.json: alarms[0].date: required for a \"once\" alarm, but missing")
        #expect(error("{\"schemaVersion\": 2, \"alarms\": []}") == "alarms.json:1: schemaVersion: 2 is newer than this woodshed understands (1)")
        #expect(error("{\"schemaVersion\": 1}") == "alarms.json: alarms: required, but missing (write [] for none)")
    }

    @Test("a change keeps the version before as alarms.json.bak, and a broken file is never written over")
    func store() throws {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("alarm-store-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = AlarmStore(url: folder.appendingPathComponent("alarms.json"))
        #expect(try store.load() == AlarmBook())
        #expect(store.version() == nil)
        try store.edit { $0.alarms.append(Alarm(id: $0.nextID, time: AlarmTime(hour: 7, minute: 0), days: .daily)) }
        let first = store.version()
        try store.edit { $0.alarms[0].enabled = false }
        #expect(store.version() != first)
        let backup = try AlarmBook(data: Data(contentsOf: folder.appendingPathComponent("alarms.json.bak")), source: "bak")
        #expect(backup.alarms.map(\.enabled) == [true])
        try Data("{ broken".utf8).write(to: store.url)
        #expect(throws: AlarmError.self) { try store.edit { $0.alarms = [] } }
        #expect(String(decoding: try Data(contentsOf: store.url), as: UTF8.self) == "{ broken")
    }
}
