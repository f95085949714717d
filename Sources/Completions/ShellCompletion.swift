import Foundation
import Persistence
import RenderGraph
import Sounds

/// What the shell offers for a value when the user presses Tab: preset and noise preset names,
/// sounds, playlists, the sections of the audio file already typed, MIDI maps, file names.
/// ArgumentParser's completion scripts call back into `woodshed`, which answers with these.
/// Main thread (it reads folders and small JSON files; never the audio).
public struct ShellCompletion: Sendable {
    /// `XDG_*` and `HOME`, for the user's folders.
    public var environment: [String: String]
    /// Where the built-in presets and maps are.
    public var data: Result<DataFolder, DataFolderMissing>
    /// What relative names are relative to.
    public var currentFolder: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                data: Result<DataFolder, DataFolderMissing> = DataFolder.current,
                currentFolder: String = FileManager.default.currentDirectoryPath) {
        self.environment = environment
        self.data = data
        self.currentFolder = currentFolder
    }

    /// The extensions of the audio files Woodshed plays (and of click samples).
    public static let audioExtensions = ["wav", "flac", "aif", "aiff", "ogg", "oga", "opus", "mp3"]

    /// Options whose value is a file other than the audio being practised.
    static let fileOptions: Set<String> = ["--sound", "--subs", "--map", "--midi-map", "--setlist"]

    /// Preset names, built-in and the user's.
    public func presets(prefix: String) -> [String] {
        let library = PresetLibrary(data: data, userFolder: PresetLibrary.defaultUserFolder(environment: environment))
        return library.names().filter { $0.hasPrefix(prefix) }
    }

    /// The noise colours, then the noise presets' names, then the catalog's other sounds.
    public func noise(prefix: String) -> [String] {
        let library = NoisePresetLibrary(colors: [], levels: 0...0, data: data,
                                         userFolder: NoisePresetLibrary.defaultUserFolder(environment: environment))
        let sounds = SoundEntryLibrary(levels: 0...0, data: data, userFolder: SoundEntryLibrary.defaultUserFolder(environment: environment))
        var names = NoiseColor.allCases.map(\.rawValue) + library.names()
        names += sounds.names().filter { !names.contains($0) }
        return names.filter { $0.hasPrefix(prefix) }
    }

    /// The built-in click sounds, then sound files.
    public func sounds(prefix: String) -> [String] {
        BuiltinSound.names.filter { $0.hasPrefix(prefix) } + files(prefix: prefix, extensions: Self.audioExtensions)
    }

    /// The saved playlists' names.
    public func playlists(prefix: String) -> [String] {
        PlaylistStore(environment: environment).names().map(\.text).filter { $0.hasPrefix(prefix) }
    }

    /// The MIDI maps shipped with Woodshed (by name, as `--midi-map` takes them), then JSON files.
    public func midiMaps(prefix: String) -> [String] {
        var names: [String] = []
        if case .success(let folder) = data {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.midiMaps.path)) ?? []
            names = entries.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
        }
        return names.filter { $0.hasPrefix(prefix) } + files(prefix: prefix, extensions: ["json"])
    }

    /// File and folder names starting with `prefix` (files with one of `extensions`; any when empty).
    public func files(prefix: String, extensions: [String] = []) -> [String] {
        FileCandidates.matching(prefix, extensions: extensions, currentFolder: currentFolder, home: home)
    }

    /// The names of the saved sections of the audio file already on the command line `words`
    /// (the word after `--play`, else the first audio file there that is not another option's
    /// value); the word at `index` is the one being completed.
    public func sections(words: [String], index: Int, prefix: String) -> [String] {
        guard let audio = audioFile(in: words, skipping: index) else { return [] }
        let store = SectionStore(environment: environment)
        return (store.savedFile(forAudioAt: audio)?.sections.map(\.name) ?? []).filter { $0.hasPrefix(prefix) }
    }

    /// `woodshed sections FILE ACTION <Tab>`: a section's name for the actions that take one
    /// first (`rm`, `rename`, `move`, `nudge`, `set`), `start`/`end` after a nudge's name, file
    /// names for `import`, `export` and `text`.
    public func sectionsArguments(words: [String], index: Int, prefix: String) -> [String] {
        guard let at = words.firstIndex(of: "sections"), index > at + 2 else { return [] }
        let action = words.count > at + 2 ? words[at + 2] : ""
        let position = index - (at + 3)
        switch (action, position) {
        case ("rm", 0), ("rename", 0), ("move", 0), ("nudge", 0), ("set", 0):
            return sections(words: words, index: index, prefix: prefix)
        case ("nudge", 1): return ["start", "end"].filter { $0.hasPrefix(prefix) }
        case ("import", 0): return files(prefix: prefix, extensions: ["srt", "vtt", "txt", "json"])
        case ("export", 0): return files(prefix: prefix, extensions: ["json", "txt"])
        case ("text", 0): return files(prefix: prefix, extensions: ["txt"])
        default: return []
        }
    }

    /// The audio file the command line names, as a path (see `sections`).
    func audioFile(in words: [String], skipping index: Int) -> String? {
        let read = words.enumerated().map { ($0.offset, ShellWord.unquoted($0.element, home: home)) }
        func path(_ word: String) -> String { word.hasPrefix("/") ? word : currentFolder + "/" + word }
        func isFile(_ word: String) -> Bool {
            var isFolder: ObjCBool = false
            return !word.isEmpty && FileManager.default.fileExists(atPath: path(word), isDirectory: &isFolder) && !isFolder.boolValue
        }
        if let play = read.first(where: { $0.1 == "--play" }), play.0 + 1 < read.count, play.0 + 1 != index, isFile(read[play.0 + 1].1) {
            return path(read[play.0 + 1].1)
        }
        for (offset, word) in read.dropFirst() where offset != index {
            let extensionOK = Self.audioExtensions.contains((word as NSString).pathExtension.lowercased())
            guard extensionOK, !Self.fileOptions.contains(read[offset - 1].1), isFile(word) else { continue }
            return path(word)
        }
        return nil
    }

    var home: String { environment["HOME"] ?? NSHomeDirectory() }
}
