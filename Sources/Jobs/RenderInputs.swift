import OfflineBackend
import Persistence
import Sounds

/// The files a render reads, named as the user gave them: `--play`, `--map`, the `--sound`
/// files (or the preset's), a playlist's file and its tracks. The output must be none of them
/// (`OutputGuard`). What cannot be read here is left out: the render itself reports it.
/// Main thread.
public enum RenderInputs {
    public static func list(play: String?, map: String?, sound: String?, preset: String?, playlist: String?) -> [OutputGuard.Input] {
        var list: [OutputGuard.Input] = []
        if let play { list.append(.init(option: "--play", path: play)) }
        if let map { list.append(.init(option: "--map", path: map)) }
        if let sound {
            for path in (try? SoundSpec(parsing: sound))?.paths ?? [] { list.append(.init(option: "--sound", path: path)) }
        } else if let name = preset, let preset = try? PresetLibrary().load(name: name) {
            for path in (try? SoundSpec(parsing: preset.sound))?.paths ?? [] {
                list.append(.init(path: path, label: "the sound of preset '\(name)' ('\(path)')"))
            }
        }
        if let playlist, let name = try? PlaylistName(playlist) {
            let store = PlaylistStore()
            let file = store.url(for: name).path
            list.append(.init(path: file, label: "playlist '\(playlist)' ('\(file)')"))
            for (i, track) in ((try? store.load(name))?.tracks ?? []).enumerated() {
                list.append(.init(path: track.path, label: "track \(i + 1) of playlist '\(playlist)' ('\(track.path)')"))
            }
        }
        return list
    }
}
