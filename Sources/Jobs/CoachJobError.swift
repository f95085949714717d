/// Why `woodshed coach` cannot measure a take, in one line naming the file and the value. Any thread.
public enum CoachJobError: Error, Equatable, CustomStringConvertible {
    /// `--start` is at or past the end of the take.
    case startPastEnd(path: String, start: Double, length: Double)

    public var description: String {
        switch self {
        case .startPastEnd(let path, let start, let length):
            "--start \(CoachJob.seconds(start)) s is past the end of \(path) (\(String(format: "%.3f", length)) s long)"
        }
    }
}
