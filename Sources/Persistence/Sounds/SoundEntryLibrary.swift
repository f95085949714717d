import Foundation

/// Finds the catalog's sounds by name: the built-in ones (the `sounds/` folder of Woodshed's
/// data folder, `DataFolder`: the repository's `Presets/sounds/*.json`) and the user's own in
/// `$XDG_CONFIG_HOME/woodshed/sounds/`, which win over a built-in one of the same name. A
/// sound's name is its file name without `.json`. Control thread (it reads files).
public struct SoundEntryLibrary: Sendable {
    /// The built-in sounds; nil: none.
    public var builtinFolder: URL?
    /// The user's sounds; it need not exist.
    public var userFolder: URL
    /// The levels allowed (the generator's, which Persistence does not depend on).
    public var levels: ClosedRange<Double>
    /// Why there are no built-in sounds: the data folder is missing; nil when it was found.
    public var missingData: DataFolderMissing?

    public init(levels: ClosedRange<Double>, builtinFolder: URL?, userFolder: URL = SoundEntryLibrary.defaultUserFolder()) {
        self.levels = levels
        self.builtinFolder = builtinFolder
        self.userFolder = userFolder
    }

    /// The built-in sounds of `data` (by default, this run's data folder) and the user's.
    public init(levels: ClosedRange<Double>, data: Result<DataFolder, DataFolderMissing> = DataFolder.current,
                userFolder: URL = SoundEntryLibrary.defaultUserFolder()) {
        switch data {
        case .success(let folder): self.init(levels: levels, builtinFolder: folder.sounds, userFolder: userFolder)
        case .failure(let missing):
            self.init(levels: levels, builtinFolder: nil, userFolder: userFolder)
            missingData = missing
        }
    }

    /// `$XDG_CONFIG_HOME/woodshed/sounds`, or `~/.config/woodshed/sounds`.
    public static func defaultUserFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders.woodshed(.config, environment: environment).appendingPathComponent("sounds")
    }

    /// The names there are, sorted.
    public func names() -> [String] { files().keys.sorted() }

    /// The file of the sound called `name`, or nil when there is none.
    public func file(name: String) -> URL? { files()[name] }

    /// The sound called `name`, or nil when there is none. A file that does not read is an
    /// error naming it, the line and the field.
    public func load(name: String) throws(JSONFileError) -> SoundEntry? {
        guard let url = files()[name] else { return nil }
        return try SoundEntry(data: try FileAccess.readJSONFile(url.path), source: url.path, levels: levels)
    }

    /// Name → file, the user's folder winning.
    func files() -> [String: URL] {
        PresetFolders.files(builtin: builtinFolder, user: userFolder).mapValues(\.url)
    }
}
