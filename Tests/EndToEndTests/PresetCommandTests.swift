import Foundation
import Testing

@Suite("woodshed presets: the shipped presets list and render")
struct PresetCommandTests {
    @Test("presets list shows all nine shipped presets")
    func list() throws {
        let r = try E2E.woodshed("presets", "list")
        #expect(r.status == 0)
        let names = r.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        for n in ["five-four", "gap-trainer", "rock-4-4", "seven-eight", "shuffle-12-8", "six-eight", "son-clave",
                  "speed-trainer", "waltz-3-4"] {
            #expect(names.contains(n), "\(n) missing from: \(r.stdout)")
        }
    }

    @Test("presets list with a broken user preset: every other preset, and one warning naming the file's path and line")
    func listWithBrokenPreset() throws {
        let config = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: config) }
        let folder = config.appendingPathComponent("woodshed/presets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\n  \"schemaVersion\": 1,\n  \"name\": \"cut\",\n  \"tempo\": 1".utf8).write(to: folder.appendingPathComponent("cut.json"))
        try Data("{\"schemaVersion\": 1, \"name\": \"mine\", \"description\": \"my own\", \"tempo\": 60, \"meter\": \"4/4\"}".utf8)
            .write(to: folder.appendingPathComponent("mine.json"))
        let r = try E2E.run(E2E.woodshed, ["presets", "list"], environment: ["XDG_CONFIG_HOME": config.path])
        #expect(r.status == 0)
        #expect(r.stderr == "Warning: \(folder.path)/cut.json:4: not valid JSON: unexpected end of file during JSON parse (not listed)\n")
        let names = r.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(names == ["five-four", "gap-trainer", "mine", "rock-4-4", "seven-eight", "shuffle-12-8", "six-eight", "son-clave",
                          "speed-trainer", "waltz-3-4"], "\(r.stdout)")
    }

    @Test("render --preset son-clave: two bars of sixteenths, clave hits accented on their exact frames")
    func sonClave() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("x.wav").path
        let r = try E2E.woodshed("render", path, "--preset", "son-clave", "--bars", "2", "--sound", "beep")
        #expect(r.status == 0, "\(r.stderr)")
        let json = try E2E.woodshed("presets", "show", "son-clave").stdout
        let preset = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let tempo = Int(((preset["tempo"] as! NSNumber).doubleValue * 1000).rounded())
        let cells = Array((preset["pattern"] as! String).filter { "Xxo.".contains($0) })
        #expect(cells.count == 32)
        let s = try E2E.read(path)
        let expected = cells.indices.filter { cells[$0] != "." }.map {
            E2E.beatFrame($0, milliBPM: tempo, den: 4, rate: 48_000, stepsPerBeat: 4)
        }
        #expect(E2E.onsets(s.samples) == expected)
        // the five clave hits (X) are louder than the soft grid clicks (o)
        let accents = cells.indices.filter { cells[$0] == "X" }
        #expect(accents.count == 5)
        let loud = E2E.beatFrame(accents[0], milliBPM: tempo, den: 4, rate: 48_000, stepsPerBeat: 4)
        if let soft = cells.indices.first(where: { cells[$0] == "o" }) {
            #expect(abs(s.samples[loud]) > abs(s.samples[E2E.beatFrame(soft, milliBPM: tempo, den: 4, rate: 48_000, stepsPerBeat: 4)]))
        }
    }

    @Test("an unknown preset lists the ones there are")
    func unknown() throws {
        let r = try E2E.woodshed("render", "/tmp/never.wav", "--preset", "polka")
        #expect(r.status != 0)
        #expect(r.stderr.hasPrefix("Error: ") && r.stderr.contains("polka") && r.stderr.contains("son-clave"), "\(r.stderr)")
    }
}
