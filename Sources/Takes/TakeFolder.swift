import Foundation
import Persistence

/// Where the takes of one audio file live: `$XDG_DATA_HOME/woodshed/takes/FINGERPRINT/`, one
/// file per take, `section-SSS-take-NNNN.flac` (the sentence or section from 1, the take's
/// number within it from 1). Keeps the last N of each section. Control thread and the
/// recorder's worker (one at a time: names are picked by the worker while recording).
public struct TakeFolder: Sendable {
    public let url: URL

    /// The folder for the audio file with fingerprint `fingerprint` (its text form).
    public init(fingerprint: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = UserFolders.woodshed(.data, environment: environment).appendingPathComponent("takes")
            .appendingPathComponent(fingerprint)
    }

    public init(url: URL) { self.url = url }

    /// Every take in the folder, by section, then take number.
    public func takes() -> [Take] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.compactMap { Take(name: $0, folder: url) }.sorted { ($0.section, $0.number) < ($1.section, $1.number) }
    }

    /// The path for the next take of section `section` (0-based), creating the folder.
    public func nextTakePath(section: Int) throws -> String {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let last = takes().filter { $0.section == section }.map(\.number).max() ?? 0
        return url.appendingPathComponent(Take.name(section: section, number: last + 1)).path
    }

    /// Removes the oldest takes of section `section` beyond the last `keep`; returns their paths.
    @discardableResult
    public func prune(section: Int, keep: Int) -> [String] {
        let mine = takes().filter { $0.section == section }
        guard mine.count > keep else { return [] }
        let gone = mine.prefix(mine.count - keep).map(\.path)
        for p in gone { unlink(p) }
        return gone
    }
}

/// One take on disk: which section (0-based) and which take of it. Any thread (a value).
public struct Take: Sendable, Equatable {
    public var section: Int
    public var number: Int
    public var path: String

    /// `section-SSS-take-NNNN.flac` for section `section` (0-based, shown from 1).
    public static func name(section: Int, number: Int) -> String {
        "section-" + pad(section + 1, 3) + "-take-" + pad(number, 4) + ".flac"
    }

    public init(section: Int, number: Int, path: String) {
        self.section = section
        self.number = number
        self.path = path
    }

    /// Parses a take's file name in `folder`; nil for anything else.
    public init?(name: String, folder: URL) {
        let parts = name.split(separator: "-")
        guard parts.count == 4, parts[0] == "section", parts[2] == "take", parts[3].hasSuffix(".flac"),
              let s = Int(parts[1]), s >= 1, let n = Int(parts[3].dropLast(5)), n >= 1 else { return nil }
        section = s - 1
        number = n
        path = folder.appendingPathComponent(name).path
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
