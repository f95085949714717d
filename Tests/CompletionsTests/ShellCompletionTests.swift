import Foundation
import Persistence
import Testing
import WoodshedCore
@testable import Completions

/// What Tab offers: the names of Woodshed's things and the files an option takes.
@Suite("Shell completion: presets, noise, sounds, playlists, MIDI maps, the sections of the typed file, file names")
struct ShellCompletionTests {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let data = Result<DataFolder, DataFolderMissing>.success(DataFolder(root: repo.appendingPathComponent("share/woodshed")))

    /// A scratch home with its XDG folders, and a completion working in its `work/` folder.
    struct Home {
        let root: URL
        var work: URL { root.appendingPathComponent("work") }
        var environment: [String: String] {
            ["HOME": root.path, "XDG_CONFIG_HOME": root.path + "/config", "XDG_DATA_HOME": root.path + "/data",
             "XDG_CACHE_HOME": root.path + "/cache"]
        }
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-completion-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("work"), withIntermediateDirectories: true)
        }
        func write(_ path: String, _ text: String = "x") throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func completion(data: Result<DataFolder, DataFolderMissing> = ShellCompletionTests.data) -> ShellCompletion {
            ShellCompletion(environment: environment, data: data, currentFolder: work.path)
        }
        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    @Test("preset names: the nine built-in ones and the user's, by prefix")
    func presets() throws {
        let home = try Home()
        defer { home.remove() }
        try home.write("config/woodshed/presets/slow-blues.json")
        let c = home.completion()
        #expect(c.presets(prefix: "s") == ["seven-eight", "shuffle-12-8", "six-eight", "slow-blues", "son-clave", "speed-trainer"])
        #expect(c.presets(prefix: "").count == 10)
        #expect(home.completion(data: .failure(DataFolderMissing(looked: []))).presets(prefix: "") == ["slow-blues"])
    }

    @Test("noise: the colours, then the noise presets, then the catalog's other sounds")
    func noise() throws {
        let home = try Home()
        defer { home.remove() }
        #expect(home.completion().noise(prefix: "") == ["white", "pink", "brown", "focus", "masking", "practice-room", "sleep",
                                                        "alarm-beeps", "alarm-clock", "alarm-gentle", "fan", "ocean", "rain"])
        #expect(home.completion().noise(prefix: "p") == ["pink", "practice-room"])
    }

    @Test("sounds: the built-in ones, then sound files and folders")
    func sounds() throws {
        let home = try Home()
        defer { home.remove() }
        try home.write("work/click.wav")
        try home.write("work/cues.txt")
        try home.write("work/claps/a.flac")
        #expect(home.completion().sounds(prefix: "c") == ["cowbell", "clave", "claps/", "click.wav"])
        #expect(home.completion().sounds(prefix: "claps/") == ["claps/a.flac"])
    }

    @Test("playlists: the saved ones")
    func playlists() throws {
        let home = try Home()
        defer { home.remove() }
        try home.write("data/woodshed/playlists/warmups.json")
        try home.write("data/woodshed/playlists/evening.json")
        #expect(home.completion().playlists(prefix: "") == ["evening", "warmups"])
        #expect(home.completion().playlists(prefix: "w") == ["warmups"])
    }

    @Test("MIDI maps: the shipped ones by name, then JSON files")
    func midiMaps() throws {
        let home = try Home()
        defer { home.remove() }
        try home.write("work/my-pedal.json")
        #expect(home.completion().midiMaps(prefix: "") == ["default", "expression-pedal", "pad-controller", "program-change",
                                                           "sustain-pedal", "two-button-footswitch", "my-pedal.json"])
        #expect(home.completion().midiMaps(prefix: "s") == ["sustain-pedal"])
    }

    @Test("file names: folders and files with the extensions, from a relative, absolute, quoted or ~ prefix; hidden ones only when asked")
    func files() throws {
        let home = try Home()
        defer { home.remove() }
        for f in ["work/song.flac", "work/song.txt", "work/.hidden.wav", "work/My Songs/a.mp3", "notes.srt"] { try home.write(f) }
        let c = home.completion()
        #expect(c.files(prefix: "", extensions: ["flac", "mp3"]) == ["My Songs/", "song.flac"])
        #expect(c.files(prefix: "s") == ["song.flac", "song.txt"])
        #expect(c.files(prefix: ".", extensions: ["wav"]) == [".hidden.wav"])
        #expect(c.files(prefix: "\"My Songs/", extensions: ["mp3"]) == ["My Songs/a.mp3"])
        #expect(c.files(prefix: "My\\ Songs/") == ["My Songs/a.mp3"])
        #expect(c.files(prefix: "~/n", extensions: ["srt"]) == [home.root.path + "/notes.srt"])
        #expect(c.files(prefix: home.work.path + "/so", extensions: ["flac"]) == [home.work.path + "/song.flac"])
    }

    /// A practice file with sections `names` for the audio at `audio`, saved where `home` keeps them.
    func saveSections(_ names: [String], audio: String, home: Home, fingerprint: FileFingerprint) throws {
        let sections = try names.enumerated().map { try Section(name: $0.element, start: Int64($0.offset) * 1000, end: Int64($0.offset) * 1000 + 500) }
        try SectionStore(environment: home.environment).save(PracticeFile(fingerprint: fingerprint, lastKnownPath: audio, sections: sections))
    }

    @Test("sections: the saved sections of the audio file already typed, wherever it is on the line")
    func sections() throws {
        let home = try Home()
        defer { home.remove() }
        try home.write("work/song.flac", "audio")
        try home.write("work/accent.wav")
        let audio = home.work.path + "/song.flac"
        try saveSections(["intro", "chorus", "coda"], audio: audio, home: home,
                         fingerprint: FileFingerprint(size: 5, frames: 48_000, rate: 48_000, hash: 7))
        let c = home.completion()
        #expect(c.sections(words: ["woodshed", "play", "song.flac", "--section", ""], index: 4, prefix: "") == ["intro", "chorus", "coda"])
        #expect(c.sections(words: ["woodshed", "play", "--sound", "accent.wav", "'song.flac'", "--section", "c"], index: 6, prefix: "c")
                == ["chorus", "coda"])
        #expect(c.sections(words: ["woodshed", "render", "out.wav", "--play", audio, "--section", ""], index: 6, prefix: "")
                == ["intro", "chorus", "coda"])
        #expect(c.sections(words: ["woodshed", "play", "accent.wav", "--section", ""], index: 4, prefix: "") == [])
        #expect(c.sections(words: ["woodshed", "play", "--section", ""], index: 3, prefix: "") == [])
    }

    @Test("sections of a file moved since: found through the fingerprint cache")
    func sectionsAfterMove() throws {
        let home = try Home()
        defer { home.remove() }
        try home.write("work/renamed.flac", "audio")
        let audio = home.work.path + "/renamed.flac"
        let fingerprint = FileFingerprint(size: 5, frames: 48_000, rate: 48_000, hash: 9)
        try saveSections(["verse"], audio: home.work.path + "/old-name.flac", home: home, fingerprint: fingerprint)
        #expect(home.completion().sections(words: ["woodshed", "shadow", "renamed.flac", "--sentence", ""], index: 4, prefix: "") == [])
        FingerprintCache(environment: home.environment).remember(fingerprint, path: audio, stamp: try FileStamp.of(path: audio))
        #expect(home.completion().sections(words: ["woodshed", "shadow", "renamed.flac", "--sentence", ""], index: 4, prefix: "") == ["verse"])
    }

    @Test("woodshed sections FILE ACTION: section names after rm/rename/move/nudge/set, start|end after a nudge's name, files for import")
    func sectionsActions() throws {
        let home = try Home()
        defer { home.remove() }
        try home.write("work/song.flac", "audio")
        try home.write("work/song.srt")
        try saveSections(["intro", "chorus"], audio: home.work.path + "/song.flac", home: home,
                         fingerprint: FileFingerprint(size: 5, frames: 48_000, rate: 48_000, hash: 3))
        let c = home.completion()
        for action in ["rm", "rename", "move", "nudge", "set"] {
            #expect(c.sectionsArguments(words: ["woodshed", "sections", "song.flac", action, ""], index: 4, prefix: "") == ["intro", "chorus"], "\(action)")
        }
        #expect(c.sectionsArguments(words: ["woodshed", "sections", "song.flac", "nudge", "intro", ""], index: 5, prefix: "") == ["start", "end"])
        #expect(c.sectionsArguments(words: ["woodshed", "sections", "song.flac", "import", "so"], index: 4, prefix: "so") == ["song.srt"])
        #expect(c.sectionsArguments(words: ["woodshed", "sections", "song.flac", "add", ""], index: 4, prefix: "") == [])
        #expect(c.sectionsArguments(words: ["woodshed", "sections", "song.flac", "rename", "intro", ""], index: 5, prefix: "") == [])
    }

    @Test("a shell word is read as the shell reads it")
    func unquoting() {
        #expect(ShellWord.unquoted(#"'my song'.flac"#, home: "/h") == "my song.flac")
        #expect(ShellWord.unquoted(#"my\ song.flac"#, home: "/h") == "my song.flac")
        #expect(ShellWord.unquoted(#""a\"b""#, home: "/h") == #"a"b"#)
        #expect(ShellWord.unquoted("~/x.wav", home: "/h") == "/h/x.wav")
        #expect(ShellWord.unquoted("a~b", home: "/h") == "a~b")
    }
}
