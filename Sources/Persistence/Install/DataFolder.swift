import Foundation

/// Woodshed's own read-only files: the built-in presets, noise presets, sounds and MIDI maps, in
/// `share/woodshed` of its installation (`presets/`, `noise/`, `sounds/`, `midi/`). Found without SwiftPM
/// resource bundles, so the binary runs from wherever it is installed or copied. Any thread
/// (the lookup reads the file system once, on first use of `current`).
///
/// Where it looks, in order (the first folder that exists wins):
/// 1. `$WOODSHED_DATA_DIR`, when set: that folder only (for tests);
/// 2. `<folder of realpath(/proc/self/exe)>/../share/woodshed`: the installation the binary is in,
///    wherever it was moved (`make install DESTDIR=...` included);
/// 3. `<repository>/share/woodshed` when the binary is in the repository it was built from
///    (`.build/...`): its entries are links into `Presets/`, so the build tree needs no install;
/// 4. `<PREFIX>/share/woodshed`, the prefix compiled in (`BuildInfo.prefix`);
/// 5. `<dir>/woodshed` for each folder of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`).
public struct DataFolder: Sendable, Equatable {
    /// The `share/woodshed` folder.
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// `presets/`: metronome presets, one `NAME.json` each.
    public var presets: URL { folder("presets") }
    /// `noise/`: noise presets.
    public var noisePresets: URL { folder("noise") }
    /// `sounds/`: the sound catalog's built-in sounds.
    public var sounds: URL { folder("sounds") }
    /// `midi/`: MIDI maps for common pedals and controllers.
    public var midiMaps: URL { folder("midi") }

    /// A folder in the root, its links resolved (in the repository they link into `Presets/`,
    /// and Foundation lists no entries of a link to a folder).
    func folder(_ name: String) -> URL {
        root.appendingPathComponent(name).resolvingSymlinksInPath()
    }

    /// The data folder of this run, looked up once.
    public static let current: Result<DataFolder, DataFolderMissing> = find()

    /// The repository this binary was built from (this file is `Sources/Persistence/Install/DataFolder.swift` in it).
    public static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The folders to look in, in order, without repeats. `executable` is the binary's real
    /// path (symlinks resolved); nil when unknown.
    public static func candidates(environment: [String: String], executable: String?, prefix: String,
                                  sourceRoot: String) -> [String] {
        var out: [String] = []
        func add(_ path: String) {
            let clean = URL(fileURLWithPath: path).standardizedFileURL.path
            if !out.contains(clean) { out.append(clean) }
        }
        if let executable {
            let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
            add(bin.appendingPathComponent("../share/woodshed").path)
            if executable.hasPrefix(sourceRoot + "/") { add(sourceRoot + "/share/woodshed") }
        }
        add(prefix + "/share/woodshed")
        let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for dir in dirs.split(separator: ":") where dir.hasPrefix("/") { add(dir + "/woodshed") }
        return out
    }

    /// The first candidate that is a folder, or what was looked at. `WOODSHED_DATA_DIR`, when
    /// set and not empty, is the only candidate.
    public static func find(environment: [String: String] = ProcessInfo.processInfo.environment,
                            executable: String? = runningExecutable(), prefix: String = BuildInfo.prefix,
                            sourceRoot: String = DataFolder.sourceRoot) -> Result<DataFolder, DataFolderMissing> {
        if let forced = environment["WOODSHED_DATA_DIR"], !forced.isEmpty {
            return isFolder(forced) ? .success(DataFolder(root: URL(fileURLWithPath: forced)))
                : .failure(DataFolderMissing(looked: [forced], fromEnvironment: true))
        }
        let looked = candidates(environment: environment, executable: executable, prefix: prefix, sourceRoot: sourceRoot)
        guard let found = looked.first(where: isFolder) else { return .failure(DataFolderMissing(looked: looked)) }
        return .success(DataFolder(root: URL(fileURLWithPath: found)))
    }

    /// `realpath(/proc/self/exe)`: the binary's own file, symlinks resolved; nil when unknown.
    public static func runningExecutable() -> String? {
        guard let resolved = realpath("/proc/self/exe", nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
