import Foundation
import Persistence
import WoodshedCore

/// The metronome settings a live session starts from and remembers for next time (`woodshed
/// click` with no tempo uses the last ones). Any thread; saved by the control thread.
public struct ClickSettings: Codable, Equatable, Sendable {
    public var schemaVersion = 1
    /// Thousandths of a quarter-note BPM.
    public var milliBPM: Int64
    public var beats: Int
    public var denominator: Int
    /// Pattern letters (X x o .), nil for the standard accent on beat 1.
    public var pattern: String?
    public var subdivide: Int
    public var countIn: Int
    public var sound: String
    public var volume: Float

    public init(milliBPM: Int64 = 120_000, beats: Int = 4, denominator: Int = 4, pattern: String? = nil,
                subdivide: Int = 1, countIn: Int = 0, sound: String = "beep", volume: Float = 1) {
        self.milliBPM = milliBPM; self.beats = beats; self.denominator = denominator
        self.pattern = pattern; self.subdivide = subdivide; self.countIn = countIn
        self.sound = sound; self.volume = volume
    }

    public var tempo: Tempo { get throws { try Tempo(milliBPM: milliBPM) } }
    public var meter: Meter { get throws { try Meter(beats: beats, denominator: denominator) } }

    /// The endless click these settings describe.
    public func plan() throws -> ClickPlan {
        let m = try meter
        let p = try pattern.map { try ClickPattern(parsing: $0, meter: m) }
        var plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: nil, meter: m, tempo: .constant(try tempo), pattern: p)]),
                             countInBars: countIn)
        if subdivide > 1 { plan = try plan.subdivided(subdivide) }
        return plan
    }
}

/// A last-session file that cannot be used. Any thread.
public struct LastSessionError: Error, CustomStringConvertible, Equatable {
    public let path: String
    public let problem: String
    public var description: String { "\(path): \(problem)" }
    public init(path: String, problem: String) { self.path = path; self.problem = problem }
}

/// Where the last session's settings live: `$XDG_STATE_HOME/woodshed/last-click.json`
/// (default ~/.local/state). Saved like every store (`AtomicFile.replace`: temp file, fsync,
/// rename, with the 5 versions before kept as `last-click.json.bak`, `.bak.2` … `.bak.5`).
/// Control thread.
public struct LastSessionStore: Sendable {
    public let url: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        url = UserFolders.woodshed(.state, environment: environment).appendingPathComponent("last-click.json")
    }

    /// `last-click.json.broken`: where `save` moves a file that `load` could not use.
    public var brokenURL: URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".broken")
    }

    /// The saved settings; nil when none were saved. A file that cannot be read, parsed or
    /// used throws `LastSessionError` naming the file and what is wrong; it is left as it is
    /// until the next `save`, which moves it to `brokenURL`.
    public func load() throws(LastSessionError) -> ClickSettings? {
        let data: Data
        do throws(FileProblem) {
            guard let read = try FileAccess.readIfPresent(url.path) else { return nil }
            data = read
        } catch {
            throw LastSessionError(path: url.path, problem: "can't be read: \(error.reason)")
        }
        let settings: ClickSettings
        do {
            settings = try JSONDecoder().decode(ClickSettings.self, from: data)
        } catch let e as DecodingError {
            throw LastSessionError(path: url.path, problem: Self.describe(e))
        } catch {
            throw LastSessionError(path: url.path, problem: "cannot be parsed")
        }
        guard settings.schemaVersion == 1 else {
            throw LastSessionError(path: url.path, problem: "schemaVersion \(settings.schemaVersion) is not supported (this Woodshed reads 1)")
        }
        do { _ = try settings.plan() } catch {
            throw LastSessionError(path: url.path, problem: "\(error)")
        }
        return settings
    }

    private static func describe(_ e: DecodingError) -> String {
        func path(_ c: DecodingError.Context) -> String { c.codingPath.map(\.stringValue).joined(separator: ".") }
        switch e {
        case .keyNotFound(let key, _): return "field '\(key.stringValue)' is missing"
        case .typeMismatch(_, let c), .valueNotFound(_, let c): return "field '\(path(c))' has the wrong type"
        case .dataCorrupted(let c): return path(c).isEmpty ? "is not valid JSON" : "field '\(path(c))' is not valid"
        @unknown default: return "cannot be parsed"
        }
    }

    /// Saves atomically, keeping the version before as a backup. A file there that `load`
    /// cannot use is first moved to `brokenURL` (replacing an older one), so it is neither
    /// lost nor warned about for ever. Throws a `FileProblem` for the caller to report,
    /// never fatal.
    public func save(_ settings: ClickSettings) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(settings)
        data.append(0x0A)
        if FileManager.default.fileExists(atPath: url.path), (try? load()) == nil,
           rename(url.path, brokenURL.path) != 0 {
            throw FileProblem("can't rename", url.path, errno: errno)
        }
        try AtomicFile.replace(url, with: data)
    }
}
