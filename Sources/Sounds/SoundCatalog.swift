import Foundation
import Persistence
import RenderGraph

/// The sound catalog: the built-in sounds (`Presets/sounds/*.json`, installed as
/// `share/woodshed/sounds/`) and the user's own in `$XDG_CONFIG_HOME/woodshed/sounds/`, each a
/// generator with its parameters, a sound file or a sound of the freedesktop sound theme
/// (docs/sounds.md). The one lookup other code uses: `sound(named:)`. Control thread (it reads
/// files).
public struct SoundCatalog: Sendable {
    /// A looped file is read whole into memory: at most 5 minutes.
    public static let longestFileSeconds = 300.0

    public var library: SoundEntryLibrary
    /// Where sound theme sounds are looked for (`$XDG_DATA_HOME`, `$XDG_DATA_DIRS`).
    public var environment: [String: String]

    /// The catalog of this run: the data folder's sounds and the user's.
    public init(library: SoundEntryLibrary = SoundEntryLibrary(levels: NoiseGenerator.levelRange),
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.library = library
        self.environment = environment
    }

    /// The names there are, sorted.
    public func names() -> [String] { library.names() }

    /// The sound called `name`, ready to play. Throws `SoundCatalogError`: no such sound (listing
    /// the names), a catalog file that does not read (file, line and field), a sound theme sound
    /// that is not installed.
    public func sound(named name: String) throws(SoundCatalogError) -> CatalogSound {
        let entry: SoundEntry?
        do { entry = try library.load(name: name) } catch { throw .badFile(error) }
        guard let entry else { throw .unknown(name, names: names()) }
        switch entry.source {
        case .generator: return CatalogSound(name: name, entry: entry, file: nil)
        case .file(let path, _): return CatalogSound(name: name, entry: entry, file: path)
        case .themeSound(let themeSound, _):
            guard let path = SoundTheme.file(named: themeSound, environment: environment) else {
                throw .themeSoundMissing(sound: name, themeSound: themeSound)
            }
            return CatalogSound(name: name, entry: entry, file: path)
        }
    }
}
