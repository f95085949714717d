/// One alarm of `alarms.json`: when it rings, what it plays, how loud, and its snooze. Any
/// thread (a value); `AlarmStore` reads and saves the file.
public struct Alarm: Sendable, Equatable {
    /// Snooze lengths allowed, in minutes.
    public static let snoozeRange = 1...30
    /// Volumes allowed, in percent of full level.
    public static let volumeRange = 1...100
    /// The built-in sound when none is given.
    public static let defaultSound = "beep"
    public static let defaultVolume = 80
    public static let defaultSnooze = 9

    /// Its number in `alarm list` (1, 2, …): kept when others are removed.
    public var id: Int
    public var time: AlarmTime
    public var days: AlarmDays
    /// For `once`: the local date (`2026-11-24`) it rings on; nil for weekly alarms.
    public var date: AlarmDate?
    public var label: String
    /// A sound name (`AlarmSound.resolve` in the Alarms module says which there are).
    public var sound: String
    /// Percent of full level, 1–100.
    public var volume: Int
    /// Minutes, 1–30.
    public var snoozeMinutes: Int
    public var enabled: Bool

    public init(id: Int, time: AlarmTime, days: AlarmDays, date: AlarmDate? = nil, label: String = "",
                sound: String = Alarm.defaultSound, volume: Int = Alarm.defaultVolume,
                snoozeMinutes: Int = Alarm.defaultSnooze, enabled: Bool = true) {
        self.id = id
        self.time = time
        self.days = days
        self.date = date
        self.label = label
        self.sound = sound
        self.volume = volume
        self.snoozeMinutes = snoozeMinutes
        self.enabled = enabled
    }

    /// `07:00 mon-fri "work"`: how messages name it.
    public var shortText: String {
        var out = "\(time.text) \(days == .once ? "once\(date.map { " " + $0.text } ?? "")" : days.text)"
        if !label.isEmpty { out += " \"\(label)\"" }
        return out
    }
}
