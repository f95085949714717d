import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("The files in Presets/")
struct PresetFolderTests {
    static let presets = Repo.files(in: Repo.presets, ext: "json")
    static let klickMaps = Repo.files(in: Repo.klickMaps, ext: "klick")

    @Test("the folder holds the presets we promise")
    func promised() {
        let names = Set(Self.presets.map { $0.deletingPathExtension().lastPathComponent })
        #expect(names.isSuperset(of: ["rock-4-4", "waltz-3-4", "six-eight", "seven-eight", "five-four", "shuffle-12-8",
                                      "son-clave", "gap-trainer", "speed-trainer"]))
        #expect(Self.klickMaps.count >= 2)
    }

    @Test("every preset loads and compiles to a click timeline", arguments: presets)
    func presetCompiles(url: URL) throws {
        let preset = try Preset(contentsOf: url)
        let timeline = try ClickTimeline(plan: preset.plan(), rate: 48_000)
        #expect(timeline.firstBarFrame >= 0)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"schemaVersion\": 1,\n"), "2-space indent, schemaVersion first")
    }

    @Test("every klick tempo map parses and compiles to a finite click timeline", arguments: klickMaps)
    func klickMapCompiles(url: URL) throws {
        let map = try KlickMapParser.parse(contentsOf: url)
        let timeline = try ClickTimeline(plan: ClickPlan(map: map), rate: 44_100)
        #expect(timeline.endFrame != nil)
    }

    @Test("song-form.klick has its labels in order")
    func songForm() throws {
        let map = try KlickMapParser.parse(contentsOf: Repo.klickMaps.appendingPathComponent("song-form.klick"))
        #expect(map.entries.map(\.label) == ["intro", "verse", "break", "chorus", "bridge", "build", "outro", "ending"])
        #expect(map.entries.compactMap(\.bars).reduce(0, +) == 30)
    }

    @Test("the built-in presets are the repository's Presets/*.json, found through share/woodshed from the build tree")
    func builtin() throws {
        let library = PresetLibrary(userFolder: URL(fileURLWithPath: "/nonexistent"))
        #expect(library.missingData == nil)
        let folder = try #require(library.builtinFolder)
        #expect(folder.resolvingSymlinksInPath().path == Repo.presets.path)
        #expect(library.list().presets.map(\.name) == Self.presets.map { $0.deletingPathExtension().lastPathComponent })
    }
}
