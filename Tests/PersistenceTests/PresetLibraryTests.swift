import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("Finding presets by name")
struct PresetLibraryTests {
    static let shippedNames = Repo.files(in: Repo.presets, ext: "json").map { $0.deletingPathExtension().lastPathComponent }

    func library(user: URL) -> PresetLibrary { PresetLibrary(userFolder: user) }

    @Test("with no user folder, the list is the shipped presets, sorted, with their descriptions")
    func builtins() throws {
        let list = library(user: URL(fileURLWithPath: "/nonexistent/woodshed")).list().presets
        #expect(list.map(\.name) == Self.shippedNames)
        #expect(list.allSatisfy { !$0.isUser })
        #expect(list.first { $0.name == "seven-eight" }?.description == "7/8 at 133, grouped 3+2+2")
    }

    @Test("a user's preset of the same name replaces the built-in one; their own presets join the list")
    func userOverrides() throws {
        let user = try temporaryFolder()
        try Preset(name: "seven-eight", description: "faster", tempo: bpm("150"), meter: meter("7/8")).json()
            .write(to: user.appendingPathComponent("seven-eight.json"))
        try Preset(name: "mine", description: "my own", tempo: bpm("60")).json()
            .write(to: user.appendingPathComponent("mine.json"))
        try Data("not a preset".utf8).write(to: user.appendingPathComponent("notes.txt"))

        let library = library(user: user)
        #expect(try library.load(name: "seven-eight").tempo == bpm("150"))
        #expect(try library.load(name: "rock-4-4").tempo == bpm("120"))
        let list = library.list().presets
        #expect(list.map(\.name) == (Self.shippedNames + ["mine"]).sorted())
        #expect(list.filter(\.isUser).map(\.name) == ["mine", "seven-eight"])
        #expect(list.first { $0.name == "seven-eight" }?.description == "faster")
    }

    @Test("an unknown name lists only the presets that can be used, not a broken one (issue 33, defect 10)")
    func unknownLeavesOutBroken() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        try Data("{ broken".utf8).write(to: user.appendingPathComponent("broken.json"))
        let library = library(user: user)
        let error = #expect(throws: PresetError.self) { try library.load(name: "nosuch") }
        #expect(error?.description == "no preset named 'nosuch'; available: " + Self.shippedNames.joined(separator: ", "))
    }

    @Test("an unknown name lists the names there are")
    func unknown() {
        let library = library(user: URL(fileURLWithPath: "/nonexistent/woodshed"))
        let error = #expect(throws: PresetError.self) { try library.load(name: "rokc") }
        #expect(error?.description == "no preset named 'rokc'; available: " + Self.shippedNames.joined(separator: ", "))
    }

    @Test("a broken user preset is reported with its file name")
    func broken() throws {
        let user = try temporaryFolder()
        try Data("{\"schemaVersion\": 1, \"name\": \"bad\", \"description\": \"\", \"tempo\": 120, \"meter\": \"4/0\"}".utf8)
            .write(to: user.appendingPathComponent("bad.json"))
        let error = #expect(throws: PresetError.self) { try library(user: user).load(name: "bad") }
        #expect(error?.description.hasPrefix("bad.json: field 'meter': meter '4/0' is not valid") == true)
    }

    @Test("a broken user preset spoils only itself: the others are listed, the broken file is named by its path and line")
    func brokenInList() throws {
        let user = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: user) }
        try Data("{\n  \"schemaVersion\": 1,\n  \"name\": \"cut".utf8).write(to: user.appendingPathComponent("cut.json"))
        try Preset(name: "mine", description: "my own", tempo: bpm("60")).json().write(to: user.appendingPathComponent("mine.json"))
        let (list, broken) = library(user: user).list()
        #expect(list.map(\.name) == (Self.shippedNames + ["mine"]).sorted())
        #expect(broken == [.invalid(file: user.appendingPathComponent("cut.json").path, line: 3,
                                    message: "not valid JSON: unexpected end of file during JSON parse")])
        #expect(broken.first?.description == user.appendingPathComponent("cut.json").path
            + ":3: not valid JSON: unexpected end of file during JSON parse")
    }

    @Test("the user folder is $XDG_CONFIG_HOME/woodshed/presets, else ~/.config/woodshed/presets")
    func userFolder() {
        #expect(PresetLibrary.defaultUserFolder(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"]).path
                == "/x/cfg/woodshed/presets")
        #expect(PresetLibrary.defaultUserFolder(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.config/woodshed/presets")
        #expect(PresetLibrary.defaultUserFolder(environment: ["HOME": "/home/u"]).path == "/home/u/.config/woodshed/presets")
    }
}
