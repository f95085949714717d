import Foundation

/// Finds presets by name, built-in or the user's own. Control thread (it reads files).
///
/// The built-in presets are the `presets/` folder of Woodshed's data folder (`DataFolder`: the
/// repository's `Presets/*.json`, installed under `share/woodshed`). A file in the user's folder
/// overrides the built-in preset of the same name. A preset's name is its file name without `.json`.
public struct PresetLibrary: Sendable {
    /// One preset in a listing. Any thread.
    public struct Summary: Hashable, Sendable {
        public var name: String
        public var description: String
        /// True when the preset comes from the user's folder.
        public var isUser: Bool
    }

    /// The built-in presets (the repository's `Presets/*.json`); nil: none.
    public var builtinFolder: URL?
    /// The user's presets; it need not exist.
    public var userFolder: URL
    /// Why there are no built-in presets: the data folder is missing (one line naming where
    /// Woodshed looked); nil when it was found or not asked for.
    public var missingData: DataFolderMissing?

    public init(builtinFolder: URL?, userFolder: URL = PresetLibrary.defaultUserFolder()) {
        self.builtinFolder = builtinFolder
        self.userFolder = userFolder
    }

    /// The built-in presets of `data` (by default, this run's data folder) and the user's.
    public init(data: Result<DataFolder, DataFolderMissing> = DataFolder.current,
                userFolder: URL = PresetLibrary.defaultUserFolder()) {
        switch data {
        case .success(let folder): self.init(builtinFolder: folder.presets, userFolder: userFolder)
        case .failure(let missing):
            self.init(builtinFolder: nil, userFolder: userFolder)
            missingData = missing
        }
    }

    /// `$XDG_CONFIG_HOME/woodshed/presets`, or `~/.config/woodshed/presets`.
    public static func defaultUserFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        UserFolders.woodshed(.config, environment: environment).appendingPathComponent("presets")
    }

    /// Every preset's name and description, sorted by name, and the files that could not be
    /// read (each named by its full path, with the line or field): a broken file spoils only
    /// its own preset.
    public func list() -> (presets: [Summary], broken: [PresetError]) {
        var out: [Summary] = [], broken: [PresetError] = []
        for (name, file) in files().sorted(by: { $0.key < $1.key }) {
            do throws(PresetError) {
                let preset = try Preset(contentsOf: file.url)
                out.append(Summary(name: name, description: preset.description, isUser: file.isUser))
            } catch {
                broken.append(error.naming(file.url.path))
            }
        }
        return (out, broken)
    }

    /// Every preset's name, sorted, without reading the files (for shell completion).
    public func names() -> [String] {
        files().keys.sorted()
    }

    /// The preset called `name`; the error lists the presets that can be used (a broken file
    /// is not offered as available).
    public func load(name: String) throws(PresetError) -> Preset {
        let all = files()
        guard let file = all[name] else {
            if let missingData { throw .noDataFolder(name: name, missingData) }
            throw .unknownPreset(name: name, available: list().presets.map(\.name))
        }
        return try Preset(contentsOf: file.url)
    }

    /// Preset name → file, the user's folder winning.
    func files() -> [String: (url: URL, isUser: Bool)] {
        PresetFolders.files(builtin: builtinFolder, user: userFolder)
    }
}
