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

    @Test("Sources/Persistence/BuiltinPresets is a byte-identical copy of Presets/*.json (cp Presets/*.json there)")
    func builtinCopy() throws {
        let copies = Repo.files(in: Repo.builtinPresets, ext: "json")
        #expect(copies.map(\.lastPathComponent) == Self.presets.map(\.lastPathComponent))
        let others = try FileManager.default.contentsOfDirectory(atPath: Repo.builtinPresets.path).filter { !$0.hasSuffix(".json") }
        #expect(others == [], "only preset JSON files belong in BuiltinPresets")
        for source in Self.presets {
            let copy = Repo.builtinPresets.appendingPathComponent(source.lastPathComponent)
            #expect(try Data(contentsOf: copy) == Data(contentsOf: source), "\(copy.lastPathComponent) differs from Presets/")
        }
    }

    @Test("the built presets resource holds the same files")
    func bundled() throws {
        let folder = try #require(PresetLibrary.builtinFolder)
        let bundled = Repo.files(in: folder, ext: "json")
        #expect(bundled.map(\.lastPathComponent) == Self.presets.map(\.lastPathComponent))
        for (b, source) in zip(bundled, Self.presets) {
            #expect(try Data(contentsOf: b) == Data(contentsOf: source))
        }
    }
}
