import Foundation
import Testing
@testable import Persistence

@Suite("Setlists")
struct SetlistTests {
    func setlist(_ songs: String, fields: String = "\"name\": \"Friday gig\",") throws(SetlistError) -> Setlist {
        try Setlist(data: Data("{\"schemaVersion\": 1, \(fields) \"songs\": [\(songs)]}".utf8), source: "friday.json")
    }

    @Test("the shipped example loads: a preset, a ballad in 3/4, an odd meter with its accents, an untitled song")
    func example() throws {
        let url = Repo.presets.appendingPathComponent("setlists/example.json")
        let list = try Setlist(contentsOf: url)
        #expect(list.name == "Friday gig")
        #expect(list.songs == [
            Setlist.Song(title: "Opener", preset: "rock-4-4"),
            Setlist.Song(title: "Ballad", tempo: "72", meter: "3/4"),
            Setlist.Song(title: "Odd", tempo: "133", meter: "7/8", pattern: "X.x.x.."),
            Setlist.Song(title: "Song 4", preset: "six-eight"),
        ])
        let presets = Set(Repo.files(in: Repo.presets, ext: "json").map { $0.deletingPathExtension().lastPathComponent })
        #expect(presets.isSuperset(of: list.songs.compactMap(\.preset)))
    }

    @Test("a title defaults to Song N; the name to the file's; comments are allowed; tempos as on the command line")
    func defaults() throws {
        let list = try setlist("{\"tempo\": \"97.5\", \"_note\": \"slow\"}, {\"tempo\": \"80-160/10\"}",
                               fields: "\"comment\": \"x\",")
        #expect(list.name == "friday")
        #expect(list.description == "")
        #expect(list.songs == [Setlist.Song(title: "Song 1", tempo: "97.5"), Setlist.Song(title: "Song 2", tempo: "80-160/10")])
    }

    static let form = "write 120, 80-160 (a ramp over --bars) or 80-160/10 (a ramp at 10 bars per BPM, then hold)"

    @Test("each mistake gives one line with the file and the JSON path", arguments: [
        ("{\"title\": \"A\"}", "friday.json: songs[0]: give \"preset\" (a preset name) or \"tempo\" (e.g. \"120\")"),
        ("{\"preset\": \"rock-4-4\", \"tempo\": \"120\"}", "friday.json: songs[0]: give \"preset\" or \"tempo\", not both"),
        ("{\"preset\": \"rock-4-4\", \"meter\": \"3/4\"}",
         "friday.json: songs[0].meter: the preset sets the meter and pattern; give \"tempo\" instead of \"preset\" to set them"),
        ("{\"preset\": \"\"}", "friday.json: songs[0].preset: expected a preset name, not \"\""),
        ("{\"tempo\": 120}", "friday.json: songs[0].tempo: expected text in quotes, not 120"),
        ("{\"tempo\": \"fast\"}", "friday.json: songs[0].tempo: tempo 'fast' is not valid: \(form)"),
        ("{\"tempo\": \"0\"}", "friday.json: songs[0].tempo: tempo 0 is out of range: use 1 to 1000 BPM"),
        ("{\"tempo\": \"80-160\"}",
         "friday.json: songs[0].tempo: a ramp needs a number of bars, which a song cannot give; write 80-160/10 for 10 bars per BPM"),
        ("{\"tempo\": \"120\", \"meter\": \"3/0\"}",
         "friday.json: songs[0].meter: meter '3/0' is not valid: write beats/denominator, e.g. 7/8 (1-64 beats, denominator 1-64)"),
        ("{\"tempo\": \"133\", \"meter\": \"7/8\", \"pattern\": \"X.x\"}",
         "friday.json: songs[0].pattern: 'X.x' has 3 steps; a bar of 7/8 has 7"),
        ("{\"tempo\": \"120\", \"pattern\": \"Xyxx\"}",
         "friday.json: songs[0].pattern: 'y' in 'Xyxx' is not one of X (accent), x (normal), o (soft), . (silent)"),
        ("{\"tempo\": \"120\", \"bpm\": 120}",
         "friday.json: songs[0].bpm: not a known field; the fields here are title, preset, tempo, meter, pattern " +
         "(comments start with \"_\" or \"comment\")"),
        ("{\"tempo\": \"120\", \"title\": 3}", "friday.json: songs[0].title: expected text in quotes, not 3"),
    ])
    func mistake(song: String, message: String) {
        let error = #expect(throws: SetlistError.self) { try setlist(song) }
        #expect(error?.description == message)
    }

    @Test("a setlist needs at least one song, a version this woodshed reads, and JSON")
    func whole() {
        #expect(throws: SetlistError(source: "friday.json", field: "songs", message: "a setlist needs at least one song")) {
            try setlist("")
        }
        #expect(throws: SetlistError(source: "friday.json", field: "schemaVersion",
                                     message: "2 is newer than this woodshed understands (1)")) {
            try Setlist(data: Data("{\"schemaVersion\": 2, \"songs\": []}".utf8), source: "friday.json")
        }
        #expect(throws: SetlistError(source: "friday.json", field: "songs", message: "required, but missing")) {
            try Setlist(data: Data("{\"schemaVersion\": 1}".utf8), source: "friday.json")
        }
        let broken = #expect(throws: SetlistError.self) {
            try Setlist(data: Data("{\"schemaVersion\": 1,\n \"songs\": [,]}".utf8), source: "friday.json")
        }
        #expect(broken?.line == 2)
        #expect(broken?.description.hasPrefix("friday.json:2:") == true)
        #expect(throws: SetlistError(source: "none.json", message: "no such file")) {
            try Setlist(contentsOf: URL(fileURLWithPath: "none.json"))
        }
    }
}
