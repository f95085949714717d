import Control
import Foundation
import MIDI
import Persistence

/// The stores `store-torture` saves into under one root, read back with the stores' own loaders:
/// each file's generation (the number the tool wrote into it), and its backups'. Test thread.
struct TortureFolder {
    let root: URL
    var environment: [String: String] {
        ["HOME": root.path,
         "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
         "XDG_DATA_HOME": root.appendingPathComponent("data").path,
         "XDG_STATE_HOME": root.appendingPathComponent("state").path,
         "XDG_CACHE_HOME": root.appendingPathComponent("cache").path]
    }

    /// The practice file's fingerprint (as in the tool).
    static let fingerprint = FileFingerprint(size: 1_000, frames: 441_000, rate: 44_100, hash: 0x7047_7572_65)
    static let stamp = FileStamp(size: 1_000, device: 1, inode: 1, modified: 0, changed: 0)

    /// A store that keeps backups: its file, and how a version of it (the file or a backup) is
    /// read into the generation it holds. Throws what the store's loader throws.
    struct Kept {
        let name: String
        let url: URL
        let generation: (URL) throws -> Int?
    }

    /// The six stores with backups.
    var kept: [Kept] {
        let sections = SectionStore(folder: UserFolders.woodshed(.data, environment: environment).appendingPathComponent("sections"))
        let playlists = PlaylistStore(environment: environment)
        return [
            Kept(name: "practice file", url: sections.url(for: Self.fingerprint)) { url in
                let file = try PracticeFile(data: try Data(contentsOf: url), source: url.path)
                return Self.number(URL(fileURLWithPath: file.lastKnownPath).deletingPathExtension().lastPathComponent)
            },
            Kept(name: "playlist", url: playlists.url(for: try! PlaylistName("torture"))) { url in
                // Generation 0: the empty playlist the first save created.
                let list = try Playlist(data: try Data(contentsOf: url), source: url.path)
                return list.paths.first.map { Self.number(URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent) } ?? 0
            },
            Kept(name: "MIDI map", url: MIDIMap.userMapURL(environment: environment)) { url in
                let map = try MIDIMap(data: try Data(contentsOf: url), source: url.path)
                guard case .bpm(let milli)? = map.mappings.first(where: { $0.action == .tempoSet && $0.number == 20 })?.argument
                else { return nil }
                return Int(milli - 40_000)
            },
            Kept(name: "last session", url: LastSessionStore(environment: environment).url) { url in
                let settings = try JSONDecoder().decode(ClickSettings.self, from: try Data(contentsOf: url))
                _ = try settings.plan()
                return Int(settings.milliBPM - 60_000)
            },
            Kept(name: "alarms", url: AlarmStore(environment: environment).url) { url in
                try AlarmStore(url: url).load().alarms.first.flatMap { Self.number($0.label) }
            },
            Kept(name: "tinnitus.json", url: TinnitusProfileStore(environment: environment).url) { url in
                try TinnitusProfileStore(url: url).load().flatMap { Self.number($0.matchedAt) }
            },
        ]
    }

    /// The unsaved copies of the practice file: each one's generation.
    func unsavedCopies() throws -> [Int?] {
        let folder = UnsavedPracticeCopy.folder(environment: environment)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted().map { name in
            let url = folder.appendingPathComponent(name)
            let file = try PracticeFile(data: try Data(contentsOf: url), source: url.path)
            return Self.number(URL(fileURLWithPath: file.lastKnownPath).deletingPathExtension().lastPathComponent)
        }
    }

    /// The fingerprint cache's entry for the song: its generation; nil when it is a miss.
    func cachedFingerprint() -> Int? {
        FingerprintCache(environment: environment).fingerprint(path: "/torture/song.wav", stamp: Self.stamp).map { Int($0.hash) }
    }

    /// The practice log as `woodshed log` reads it.
    func log() throws -> PracticeLogContents {
        try PracticeLog(environment: environment).read()
    }

    /// Every temporary file (`.NAME.partial-PID`) under the root, relative paths.
    func temporaryFiles() -> [String] {
        let names = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return names.filter { StaleTemporaryFiles.writerPID(inName: ($0 as NSString).lastPathComponent) != nil }.sorted()
    }

    static func number(_ text: String) -> Int? { Int(text) }
}
