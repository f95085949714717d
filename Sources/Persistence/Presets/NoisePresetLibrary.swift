import Foundation

/// Finds noise presets by name: the built-in ones (the `noise/` folder of Woodshed's data folder,
/// `DataFolder`: the repository's `Presets/noise/*.json`) and the user's own in
/// `$XDG_CONFIG_HOME/woodshed/noise/`, which win over a built-in one of the same name. A
/// preset's name is its file name without `.json`. Control thread (it reads files).
public struct NoisePresetLibrary: Sendable {
    /// The built-in presets; nil: none.
    public var builtinFolder: URL?
    /// The user's presets; it need not exist.
    public var userFolder: URL
    /// The noise colours there are, and the levels allowed (see `NoisePreset.init(data:…)`).
    public var colors: [String]
    public var levels: ClosedRange<Double>

    /// Why there are no built-in presets: the data folder is missing (one line naming where
    /// Woodshed looked); nil when it was found or not asked for.
    public var missingData: DataFolderMissing?

    public init(colors: [String], levels: ClosedRange<Double>, builtinFolder: URL?,
                userFolder: URL = NoisePresetLibrary.defaultUserFolder()) {
        self.colors = colors
        self.levels = levels
        self.builtinFolder = builtinFolder
        self.userFolder = userFolder
    }

    /// The built-in presets of `data` (by default, this run's data folder) and the user's.
    public init(colors: [String], levels: ClosedRange<Double>, data: Result<DataFolder, DataFolderMissing> = DataFolder.current,
                userFolder: URL = NoisePresetLibrary.defaultUserFolder()) {
        switch data {
        case .success(let folder): self.init(colors: colors, levels: levels, builtinFolder: folder.noisePresets, userFolder: userFolder)
        case .failure(let missing):
            self.init(colors: colors, levels: levels, builtinFolder: nil, userFolder: userFolder)
            missingData = missing
        }
    }

    /// `$XDG_CONFIG_HOME/woodshed/noise`, or `~/.config/woodshed/noise`.
    public static func defaultUserFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders.woodshed(.config, environment: environment).appendingPathComponent("noise")
    }

    /// The names there are, sorted.
    public func names() -> [String] {
        files().keys.sorted()
    }

    /// The preset called `name`, or nil when there is none. A file that does not read is an
    /// error naming it, the line and the field.
    public func load(name: String) throws(JSONFileError) -> NoisePreset? {
        guard let url = files()[name] else { return nil }
        return try NoisePreset(data: try FileAccess.readJSONFile(url.path), source: url.path, colors: colors, levels: levels)
    }

    /// Name → file, the user's folder winning.
    func files() -> [String: URL] {
        PresetFolders.files(builtin: builtinFolder, user: userFolder).mapValues(\.url)
    }
}
