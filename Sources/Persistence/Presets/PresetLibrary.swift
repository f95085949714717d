import Foundation

/// Finds presets by name, built-in or the user's own. Control thread (it reads files).
///
/// The built-in presets ship as package resources (`BuiltinPresets/`, a copy of the
/// repository's `Presets/*.json`). A file in the user's folder overrides the built-in preset of
/// the same name. A preset's name is its file name without `.json`.
public struct PresetLibrary: Sendable {
    /// One preset in a listing. Any thread.
    public struct Summary: Hashable, Sendable {
        public var name: String
        public var description: String
        /// True when the preset comes from the user's folder.
        public var isUser: Bool
    }

    /// The built-in presets (a copy of the repository's `Presets/*.json`); nil: none.
    public var builtinFolder: URL?
    /// The user's presets; it need not exist.
    public var userFolder: URL

    public init(builtinFolder: URL? = PresetLibrary.builtinFolder,
                userFolder: URL = PresetLibrary.defaultUserFolder()) {
        self.builtinFolder = builtinFolder
        self.userFolder = userFolder
    }

    /// The presets shipped as package resources. (SwiftPM's `Bundle.module` stops the program
    /// when `woodshed_Persistence.resources` is not next to the executable or in the build folder.)
    public static var builtinFolder: URL? {
        Bundle.module.url(forResource: "BuiltinPresets", withExtension: nil)
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

    /// The preset called `name`; the error lists the names there are.
    public func load(name: String) throws(PresetError) -> Preset {
        let all = files()
        guard let file = all[name] else { throw .unknownPreset(name: name, available: all.keys.sorted()) }
        return try Preset(contentsOf: file.url)
    }

    /// Preset name → file, the user's folder winning.
    func files() -> [String: (url: URL, isUser: Bool)] {
        PresetFolders.files(builtin: builtinFolder, user: userFolder)
    }
}
