import Foundation
import Remote

/// The running processes that ring alarms: a `woodshed clock`, or a `woodshed noise … --until`,
/// found among the instances with a `woodshed ctl` socket (`InstanceFolder`) by their command
/// lines (`/proc/PID/cmdline`). Main thread.
public struct RingingInstances {
    public let folder: InstanceFolder

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        folder = InstanceFolder(environment: environment)
    }

    /// True when at least one such process runs.
    public func anyRunning() -> Bool { !pids().isEmpty }

    /// Their PIDs.
    public func pids() -> [Int32] {
        folder.socketPIDs().filter { pid in
            guard kill(pid, 0) == 0, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return RingingInstances.rings(words)
        }
    }

    /// True for `woodshed clock …` and `woodshed noise … --until …`.
    static func rings(_ words: [String]) -> Bool {
        guard words.count >= 2, words[0].hasSuffix("woodshed") else { return false }
        return words[1] == "clock" || (words[1] == "noise" && words.contains { $0 == "--until" || $0.hasPrefix("--until=") })
    }
}
