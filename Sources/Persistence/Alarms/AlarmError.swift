/// Why an alarm command could not be done, in one line naming the alarm or the file. Any thread.
public enum AlarmError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `alarms.json` cannot be read or does not parse: it is left as it is.
    case unreadable(JSONFileError)
    /// Saving failed (the file before the change is still there).
    case cannotWrite(file: String, reason: String)
    /// No alarm has that number.
    case noSuchAlarm(id: Int, ids: [Int])

    public var description: String {
        switch self {
        case .unreadable(let e): "\(e) (the alarms are left as they are: fix the file)"
        case .cannotWrite(let file, let reason): "can't save \(file): \(reason) (the alarms are as they were)"
        case .noSuchAlarm(let id, let ids):
            ids.isEmpty ? "there is no alarm \(id): there are no alarms"
                : "there is no alarm \(id): the alarms are \(ids.map(String.init).joined(separator: ", "))"
        }
    }
}
