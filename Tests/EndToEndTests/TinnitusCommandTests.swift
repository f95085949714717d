import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed tinnitus match` and `check`, and `--notch tinnitus` with the profile they save.
@Suite("tinnitus match and check, and --notch tinnitus", .serialized)
struct TinnitusCommandTests {
    /// The profile a match with seed 7 saves when the keys of `matchInTmux` are pressed (the
    /// time of the match left out).
    static let savedProfile = """
        {
          "schemaVersion": 1,
          "frequency": 2294,
          "firstMatch": 2245,
          "secondMatch": 2344,
          "spreadOctaves": 0.063,
          "octaveAnswers": [1, 1, 0],
        """

    static func writeProfile(in config: URL) throws {
        let folder = config.appendingPathComponent("woodshed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((savedProfile + "\n  \"matchedAt\": \"2026-11-24T08:30:00Z\"\n}\n").utf8)
            .write(to: folder.appendingPathComponent("tinnitus.json"))
    }

    @Test("the pitch match in a terminal with scripted keys: ↑↑ Enter, the octave check (2f, 2f, f), ↓×5 ← Enter saves tinnitus.json: 2294 Hz, spread 0.063 octave; the same with --noise-band",
          arguments: [false, true])
    func matchInTmux(noiseBand: Bool) throws {
        let term = try TmuxClick(arguments: ["tinnitus", "match", "--seed", "7"] + (noiseBand ? ["--noise-band"] : []))
        defer { term.close() }
        try term.expectScreen("the first match at 1 kHz, -40 dBFS") {
            $0.first == "Tinnitus pitch match · first match · 1000 Hz · -40 dBFS"
        }
        try term.sendKeys("Up")
        try term.sendKeys("Up")
        try term.expectScreen("1/6 octave up") { $0.first == "Tinnitus pitch match · first match · 1122 Hz · -40 dBFS" }
        try term.sendKeys("Enter")
        try term.expectScreen("the octave check") {
            $0.first == "Tinnitus pitch match · octave check 1/3 · choice 1 of 3 · -40 dBFS"
        }
        // Seed 7: choice 1 of round 1 and choice 2 of round 2 are 2f, choice 1 of round 3 is f.
        for (round, key) in [(1, "1"), (2, "2"), (3, "1")] {
            try term.sendKeys(key, literally: true)
            try term.expectScreen("round \(round), choice \(key)") {
                $0.first == "Tinnitus pitch match · octave check \(round)/3 · choice \(key) of 3 · -40 dBFS"
            }
            try term.sendKeys("Enter")
        }
        try term.expectScreen("the second match half an octave above 2245 Hz") {
            $0.first == "Tinnitus pitch match · second match · 3175 Hz · -40 dBFS"
        }
        for key in ["Down", "Down", "Down", "Down", "Down", "Left"] { try term.sendKeys(key) }
        try term.expectScreen("2344 Hz") { $0.first == "Tinnitus pitch match · second match · 2344 Hz · -40 dBFS" }
        try term.sendKeys("Enter")
        let quit = PrivateJackServer.wait(timeout: 5) { FileManager.default.fileExists(atPath: term.exitStatusFile.path) }
        try #require(quit, "woodshed tinnitus match did not end after the second match")
        #expect(try String(contentsOf: term.exitStatusFile, encoding: .utf8) == "0\n")
        let saved = try String(contentsOf: term.directory.appendingPathComponent("config/woodshed/tinnitus.json"), encoding: .utf8)
        #expect(saved.hasPrefix(Self.savedProfile + "\n  \"matchedAt\": \""), "\(saved)")
        let end = String(saved.dropFirst(Self.savedProfile.count))
        #expect(end.range(of: #"^\n  "matchedAt": "\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"\n\}\n$"#, options: .regularExpression) != nil, "\(saved)")
    }

    @Test("a damaged tinnitus.json: match stops before any sound with one line naming the file, line and field, and leaves it as it was")
    func damagedProfile() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("config/woodshed/tinnitus.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let broken = Data("{\n  \"schemaVersion\": 1,\n  \"frequency\": \"high\"\n}\n".utf8)
        try broken.write(to: file)
        let env = ["XDG_CONFIG_HOME": dir.appendingPathComponent("config").path, "JACK_DEFAULT_SERVER": "woodshed-no-such-server"]
        let r = try E2E.run(E2E.woodshed, ["tinnitus", "match", "--backend", "jack"], environment: env)
        #expect(r.status == 1)
        #expect(r.stderr == "Error: \(file.path):3: frequency: expected a whole number, not \"high\" (the tinnitus profile is left as it is: fix the file, or move it away and match again)\n")
        #expect(try Data(contentsOf: file) == broken)
        let render = try E2E.run(E2E.woodshed, ["render", dir.appendingPathComponent("x.wav").path, "--noise", "pink", "--seconds", "1",
                                                         "--notch", "tinnitus"],
                                 environment: env)
        #expect(render.status == 64)
        #expect(render.stderr.hasPrefix("Error: --notch tinnitus: \(file.path):3: frequency: expected a whole number, not \"high\""), "\(render.stderr)")
    }

    @Test("with a saved profile: render --notch tinnitus:1/2 centres on it; tinnitus check gives the band's share: -3.0 dB for equal sines at 2300 and 440 Hz, nearly nothing for 440 Hz alone")
    func notchAndCheck() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config")
        try Self.writeProfile(in: config)
        let env = ["XDG_CONFIG_HOME": config.path]
        let out = dir.appendingPathComponent("n.wav").path
        let render = try E2E.run(E2E.woodshed, ["render", out, "--noise", "white", "--seconds", "1", "--notch", "tinnitus:1/2"], environment: env)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains(", notch 2294 Hz, 1/2 octave (48000 frames at 48000 Hz"), "\(render.stdout)")

        let both = dir.appendingPathComponent("both.wav").path, low = dir.appendingPathComponent("low.wav").path
        for (file, synth) in [(both, ["sine", "2300", "sine", "440"]), (low, ["sine", "440"])] {
            let made = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-b", "32", "-e", "floating-point", "-c", "\(synth.count / 2)",
                                                    file, "synth", "4"] + synth + ["gain", "-12"])
            try #require(made.status == 0, "\(made.stderr)")
        }
        let table = try E2E.run(E2E.woodshed, ["tinnitus", "check", both, low], environment: env)
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == "notch 2294 Hz, 1 octave: band 1622 to 3244 Hz; energy in the band against the whole:")
        #expect(lines.dropFirst().first == "    -3.0 dB  \(both)")
        let last = lines.last ?? ""
        #expect(last.hasSuffix(" dB  \(low)  (below -30 dB: the notch does nearly nothing here)"), "\(last)")
        #expect((Double(last.split(separator: " ").first ?? "") ?? 0) < -60, "\(last)")

        let json = try E2E.run(E2E.woodshed, ["tinnitus", "check", both, "--notch", "2300:1/4", "--json"], environment: env)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == #"{"band":{"high":2508.2,"low":2109.1},"files":[{"file":""# + both
                + #"","inBandDecibels":-3,"nearlyNothing":false}],"notch":{"frequency":2300,"width":0.25}}"# + "\n")
    }
}
