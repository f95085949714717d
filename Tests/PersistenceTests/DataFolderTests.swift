import Foundation
import Testing
@testable import Persistence

/// Where the built-in presets, noise presets and MIDI maps are found, installed or not.
@Suite("The data folder: found next to the binary, in the build tree, under the prefix or $XDG_DATA_DIRS, or named by one line")
struct DataFolderTests {
    @Test("an installed binary looks beside itself, then under the compiled-in prefix, then in each $XDG_DATA_DIRS folder")
    func installedOrder() {
        let looked = DataFolder.candidates(environment: ["XDG_DATA_DIRS": "/a:/b/:relative"], executable: "/opt/w/bin/woodshed",
                                           prefix: "/usr/local", sourceRoot: "/src/ws")
        #expect(looked == ["/opt/w/share/woodshed", "/usr/local/share/woodshed", "/a/woodshed", "/b/woodshed"])
    }

    @Test("a binary in its build tree also looks in the repository's share/woodshed, before the prefix; no folder twice")
    func buildTreeOrder() {
        let looked = DataFolder.candidates(environment: [:], executable: "/src/ws/.build/x86_64-unknown-linux-gnu/release/woodshed",
                                           prefix: "/usr/local", sourceRoot: "/src/ws")
        #expect(looked == ["/src/ws/.build/x86_64-unknown-linux-gnu/share/woodshed", "/src/ws/share/woodshed",
                           "/usr/local/share/woodshed", "/usr/share/woodshed"])
        let elsewhere = DataFolder.candidates(environment: [:], executable: "/src/ws2/bin/woodshed", prefix: "/usr", sourceRoot: "/src/ws")
        #expect(elsewhere == ["/src/ws2/share/woodshed", "/usr/share/woodshed", "/usr/local/share/woodshed"])
    }

    @Test("the first folder that exists wins; WOODSHED_DATA_DIR is the only one looked at when set")
    func firstThatExists() throws {
        let tmp = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let installed = tmp.appendingPathComponent("opt/share/woodshed"), forced = tmp.appendingPathComponent("forced")
        for folder in [installed, forced, tmp.appendingPathComponent("xdg/woodshed")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let env = ["XDG_DATA_DIRS": tmp.path + "/xdg"]
        let exe = tmp.path + "/opt/bin/woodshed"
        #expect(try DataFolder.find(environment: env, executable: exe, prefix: "/nonexistent", sourceRoot: "/src").get().root.path
                == installed.path)
        #expect(try DataFolder.find(environment: env, executable: tmp.path + "/other/bin/woodshed", prefix: "/nonexistent",
                                    sourceRoot: "/src").get().root.path == tmp.path + "/xdg/woodshed")
        var forcedEnv = env
        forcedEnv["WOODSHED_DATA_DIR"] = forced.path
        let found = try DataFolder.find(environment: forcedEnv, executable: exe, prefix: "/nonexistent", sourceRoot: "/src").get()
        #expect(found.root.path == forced.path)
        #expect([found.presets.path, found.noisePresets.path, found.midiMaps.path]
                == [forced.path + "/presets", forced.path + "/noise", forced.path + "/midi"])
    }

    @Test("a missing data folder is one line naming every folder looked in")
    func missing() {
        let result = DataFolder.find(environment: ["XDG_DATA_DIRS": "/nonexistent/xdg"], executable: "/nonexistent/bin/woodshed",
                                     prefix: "/nonexistent/prefix", sourceRoot: "/src")
        #expect(result.map(\.root) == .failure(DataFolderMissing(looked: [
            "/nonexistent/share/woodshed", "/nonexistent/prefix/share/woodshed", "/nonexistent/xdg/woodshed"])))
        #expect(DataFolderMissing(looked: ["/a/share/woodshed", "/b/woodshed"]).description
                == "Woodshed's data folder (built-in presets, noise presets, MIDI maps) is missing: looked in "
                + "/a/share/woodshed, /b/woodshed (reinstall, or set WOODSHED_DATA_DIR)")
        let forced = DataFolder.find(environment: ["WOODSHED_DATA_DIR": "/nonexistent/data"], executable: nil, prefix: "/usr", sourceRoot: "/src")
        #expect(forced.map(\.root) == .failure(DataFolderMissing(looked: ["/nonexistent/data"], fromEnvironment: true)))
        #expect("\(DataFolderMissing(looked: ["/nonexistent/data"], fromEnvironment: true))"
                == "Woodshed's data folder is missing: WOODSHED_DATA_DIR is /nonexistent/data, which is not a folder")
    }

    @Test("without a data folder a preset lookup says so in one line, and the user's own presets still list")
    func presetsWithoutData() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        try Data(#"{"schemaVersion": 1, "name": "mine", "description": "my own", "tempo": 60, "meter": "4/4"}"#.utf8)
            .write(to: user.appendingPathComponent("mine.json"))
        let missing = DataFolderMissing(looked: ["/x/share/woodshed"])
        let library = PresetLibrary(data: .failure(missing), userFolder: user)
        #expect(library.list().presets.map(\.name) == ["mine"])
        #expect(throws: PresetError.noDataFolder(name: "rock-4-4", missing)) { try library.load(name: "rock-4-4") }
        #expect(PresetError.noDataFolder(name: "rock-4-4", missing).description == "no preset named 'rock-4-4': Woodshed's data folder "
                + "(built-in presets, noise presets, MIDI maps) is missing: looked in /x/share/woodshed (reinstall, or set WOODSHED_DATA_DIR)")
        let noise = NoisePresetLibrary(colors: ["white"], levels: -90 ... -12, data: .failure(missing), userFolder: user)
        #expect(noise.builtinFolder == nil && noise.missingData == missing && noise.names() == ["mine"])
    }

    @Test("this test binary's own path is found through /proc/self/exe, and from the build tree the data folder is share/woodshed")
    func thisRun() throws {
        let exe = try #require(DataFolder.runningExecutable())
        #expect(exe.hasPrefix(Repo.root.path + "/.build") && exe.contains("woodshedPackageTests"), "\(exe)")
        #expect(try DataFolder.current.get().root.path == Repo.root.path + "/share/woodshed")
        #expect(DataFolder.sourceRoot == Repo.root.path)
    }

    @Test("a shipped MIDI map is named by its name where --midi-map takes a file")
    func shippedMIDIMap() throws {
        let url = try #require(MIDIMap.shippedMapURL(named: "expression-pedal"))
        #expect(url.path == Repo.presets.path + "/midi/expression-pedal.json")
        #expect(MIDIMap.shippedMapURL(named: "expression-pedal.json")?.path == url.path)
        #expect(MIDIMap.shippedMapURL(named: "Presets/midi/expression-pedal") == nil)
        #expect(MIDIMap.shippedMapURL(named: "no-such-map") == nil)
        #expect(MIDIMap.shippedMapURL(named: "expression-pedal", data: .failure(DataFolderMissing(looked: []))) == nil)
        let resolved = try MIDIMap.resolve(explicit: "expression-pedal", environment: [:])
        #expect(resolved.source == url.path)
        #expect(resolved.map == (try MIDIMap(contentsOf: Repo.presets.appendingPathComponent("midi/expression-pedal.json"))))
    }

    @Test("the version is the Makefile's VERSION, with +g and the commit when built from git by make")
    func version() throws {
        let makefile = try String(contentsOf: Repo.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("VERSION := ") })
        let version = line.dropFirst("VERSION := ".count).trimmingCharacters(in: .whitespaces)
        #expect(BuildInfo.version == version || (BuildInfo.version.hasPrefix(version + "+g")
                    && BuildInfo.version.dropFirst(version.count + 2).wholeMatch(of: /[0-9a-f]{7,}/) != nil), "\(BuildInfo.version)")
        #expect(BuildInfo.prefix.hasPrefix("/"))
    }
}
