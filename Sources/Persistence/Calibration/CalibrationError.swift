/// Why the calibration file could not be read or saved, in one line naming the file. Any thread.
public enum CalibrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is there but cannot be read or does not parse.
    case unreadable(JSONFileError)
    /// It could not be written.
    case cannotWrite(file: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let e):
            "\(e) (the calibrations are left as they are: fix the file, or move it away and calibrate again)"
        case .cannotWrite(let file, let reason):
            "can't save \(file): \(reason) (the calibrations are as they were)"
        }
    }
}
