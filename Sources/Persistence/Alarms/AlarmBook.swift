import Foundation

/// The alarms of `alarms.json`, in the order they were added, and reading and writing that
/// file. Any thread (a value); `AlarmStore` does the disk I/O.
///
///     { "schemaVersion": 1,
///       "alarms": [
///         { "id": 1, "time": "07:00", "days": "mon-fri", "label": "work", "sound": "beep",
///           "volume": 80, "snoozeMinutes": 9, "enabled": true },
///         { "id": 2, "time": "06:30", "days": "once", "date": "2026-11-25", … } ] }
///
/// Every field of an alarm is required except `date` (once-only alarms need it, others must
/// not have it); unknown fields are errors naming the field, comments start with `_`.
public struct AlarmBook: Sendable, Equatable {
    public static let schemaVersion = 1
    static let topFields = ["schemaVersion", "alarms"]
    static let alarmFields = ["id", "time", "days", "date", "label", "sound", "volume", "snoozeMinutes", "enabled"]

    public var alarms: [Alarm]

    public init(alarms: [Alarm] = []) { self.alarms = alarms }

    /// The id the next added alarm gets: one more than the largest.
    public var nextID: Int { (alarms.map(\.id).max() ?? 0) + 1 }

    /// The alarm with `id`, if there is one.
    public func alarm(id: Int) -> Alarm? { alarms.first { $0.id == id } }

    /// Reads the file's bytes; `source` names the file in errors (with the line of the field).
    public init(data: Data, source: String) throws(JSONFileError) {
        self = try JSONNode.reading(data, source: source, fieldLines: true) { root throws(JSONFieldError) in try AlarmBook(root) }
    }

    init(_ root: JSONNode) throws(JSONFieldError) {
        let top = try JSONNode.checkedTop(root, known: AlarmBook.topFields, version: AlarmBook.schemaVersion)
        guard let listNode = root.field("alarms", of: top) else {
            throw JSONFieldError(path: "alarms", message: "required, but missing (write [] for none)")
        }
        let items = try listNode.list()
        var alarms: [Alarm] = []
        for i in items.indices {
            let node = listNode.element(i, of: items)
            let alarm = try AlarmBook.alarm(node, object: try node.object(known: AlarmBook.alarmFields))
            if alarms.contains(where: { $0.id == alarm.id }) {
                throw JSONFieldError(path: "\(node.path).id", message: "\(alarm.id) is the id of an earlier alarm too")
            }
            alarms.append(alarm)
        }
        self.init(alarms: alarms)
    }

    static func alarm(_ node: JSONNode, object: [String: Any]) throws(JSONFieldError) -> Alarm {
        func required(_ key: String) throws(JSONFieldError) -> JSONNode {
            guard let field = node.field(key, of: object) else {
                throw JSONFieldError(path: "\(node.path).\(key)", message: "required, but missing")
            }
            return field
        }
        let id = try required("id").wholeNumber(in: 1...1_000_000)
        let timeNode = try required("time")
        guard let time = AlarmTime(try timeNode.string()) else {
            throw timeNode.fail("\(timeNode.shown) is not a time of day: write HH:MM or HH:MM:SS (24-hour)")
        }
        let daysNode = try required("days")
        guard let days = AlarmDays(try daysNode.string()) else {
            throw daysNode.fail("\(daysNode.shown) is not a set of days: write \(AlarmDays.accepted)")
        }
        var date: AlarmDate?
        if let dateNode = node.field("date", of: object) {
            guard days == .once else { throw dateNode.fail("only a \"once\" alarm has a date") }
            guard let d = AlarmDate(try dateNode.string()) else { throw dateNode.fail("\(dateNode.shown) is not a date: write YYYY-MM-DD") }
            date = d
        } else if days == .once {
            throw JSONFieldError(path: "\(node.path).date", message: "required for a \"once\" alarm, but missing")
        }
        let label = try required("label").string()
        let soundNode = try required("sound")
        let sound = try soundNode.string()
        guard !sound.isEmpty else { throw soundNode.fail("empty: name a sound, such as \"\(Alarm.defaultSound)\"") }
        let volume = try required("volume").wholeNumber(in: Alarm.volumeRange)
        let snooze = try required("snoozeMinutes").wholeNumber(in: Alarm.snoozeRange)
        let enabledNode = try required("enabled")
        guard enabledNode.isBool, let enabled = (enabledNode.value as? NSNumber)?.boolValue else {
            throw enabledNode.fail("expected true or false, not \(enabledNode.shown)")
        }
        return Alarm(id: id, time: time, days: days, date: date, label: label, sound: sound, volume: volume,
                     snoozeMinutes: snooze, enabled: enabled)
    }

    /// The file's bytes as saved: one alarm a line, fields in a fixed order, ending in a newline.
    public func jsonData() -> Data {
        var lines = ["{", "  \"schemaVersion\": \(AlarmBook.schemaVersion),"]
        if alarms.isEmpty {
            lines.append("  \"alarms\": []")
        } else {
            lines.append("  \"alarms\": [")
            lines.append(alarms.map { a in
                var fields = ["\"id\": \(a.id)", "\"time\": \(OrderedJSON.quoted(a.time.text))",
                              "\"days\": \(OrderedJSON.quoted(a.days.text))"]
                if let date = a.date { fields.append("\"date\": \(OrderedJSON.quoted(date.text))") }
                fields += ["\"label\": \(OrderedJSON.quoted(a.label))", "\"sound\": \(OrderedJSON.quoted(a.sound))",
                           "\"volume\": \(a.volume)", "\"snoozeMinutes\": \(a.snoozeMinutes)", "\"enabled\": \(a.enabled)"]
                return "    {" + fields.joined(separator: ", ") + "}"
            }.joined(separator: ",\n"))
            lines.append("  ]")
        }
        lines.append("}")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }
}
