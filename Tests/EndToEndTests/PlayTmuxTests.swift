import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed play` in a real terminal (tmux), read back character by character.
@Suite("The player's display in a terminal (tmux)", .serialized)
struct PlayTmuxTests {
    @Test("file, position, section, pass i/N, speed, next section and a progress bar that moves; ↑ is 5 % faster; q quits")
    func playerScreen() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("tone.wav").path
        let made = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", song, "synth", "10", "sine", "440", "gain", "-12"])
        try #require(made.status == 0, "\(made.stderr)")
        let term = try TmuxClick(arguments: ["play", song, "--from", "1", "--to", "3", "--repeat", "4", "--speed", "0.75"])
        defer { term.close() }
        try term.expectScreen("the status line, file, section, pass, speed and next") { screen in
            screen.first?.hasPrefix("section 1/1 A–B 0:01.000–0:03.000 · pass 1/4 · playing · 0:0") == true
                && screen.contains { $0.contains("tone.wav · WAV stereo 48000 Hz · 0:10.000") }
                && screen.contains { $0.hasPrefix("speed 0.75× · click on") }
                && screen.contains { $0 == "next: — (stops after the last pass)" }
                && screen.contains { $0.hasPrefix("[█") && $0.hasSuffix(" %") }
        }
        // The bar fills as the pass plays.
        func percent(_ screen: [String]) -> Int? {
            screen.first { $0.hasPrefix("[") && $0.hasSuffix(" %") }
                .flatMap { Int($0.split(separator: "]").last!.dropLast(2).trimmingCharacters(in: .whitespaces)) }
        }
        let first = try #require(percent(try term.screen()))
        try term.expectScreen("the progress bar moved from \(first) %") { percent($0).map { $0 != first } ?? false }
        try term.sendKeys("Up")
        try term.expectScreen("speed 0.8× after ↑") { $0.contains { $0.hasPrefix("speed 0.8× · click on") } }
        try term.sendKeys("q")
        let quit = PrivateJackServer.wait(timeout: 5) { FileManager.default.fileExists(atPath: term.exitStatusFile.path) }
        try #require(quit, "woodshed play did not quit on q")
        #expect(try String(contentsOf: term.exitStatusFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test("a practice file that cannot be saved: the warning is on screen at once after i/o and w (the loop kept), and at quit stderr says what was not saved and where the copy is; the copy parses")
    func unsavedPracticeFile() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = try Self.tone(in: dir)
        var sections = ""
        let term = try TmuxClick(columns: 600, rows: 30, arguments: ["play", song, "--keep-open"]) { xdg in
            // A regular file where the sections folder would be: nothing can be saved there.
            let woodshed = xdg.appendingPathComponent("data/woodshed")
            try FileManager.default.createDirectory(at: woodshed, withIntermediateDirectories: true)
            sections = woodshed.appendingPathComponent("sections").path
            try Data("not a folder\n".utf8).write(to: URL(fileURLWithPath: sections))
        }
        defer { term.close() }
        try term.expectScreen("the player") { $0.contains { $0.contains("tone.wav · WAV stereo 48000 Hz") } }
        try Self.markLoop(term)
        try term.sendKeys("w")
        let warning = "not saved: \(sections): can't create the folder: "
        try term.expectScreen("the warning within a second of w") { $0.contains { $0.contains(warning) } }
        let after = try Self.quit(term)
        let said = "Warning: the section and settings of tone.wav were not saved (\(sections): can't create the folder: "
        #expect(after.contains(said), "\(after)")
        let unsaved = term.directory.appendingPathComponent("state/woodshed/unsaved").path
        let pattern = "; a copy is in \(NSRegularExpression.escapedPattern(for: unsaved))/tone-[0-9]{8}-[0-9]{6}\\.json"
        let found = try #require(after.range(of: pattern, options: .regularExpression), "\(after)")
        let copy = String(after[found].dropFirst("; a copy is in ".count))
        let copies = try FileManager.default.contentsOfDirectory(atPath: unsaved)
        #expect(copies == [URL(fileURLWithPath: copy).lastPathComponent])
        // The copy is a practice file: the section marked with i/o, and the file's fingerprint.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: copy))) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        let saved = try #require(json["sections"] as? [[String: Any]])
        #expect(saved.count == 1)
        #expect(json["frames"] as? Int == 480_000)
        #expect(json["rate"] as? Int == 48_000)
        #expect(json["lastKnownPath"] as? String == URL(fileURLWithPath: song).standardizedFileURL.path)
        #expect((json["fingerprint"] as? String)?.hasPrefix("s") == true)
    }

    @Test("a practice file that does not parse: the warning is on screen from the start (not only before it), and a loop marked and kept (w) is copied at quit")
    func damagedPracticeFile() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = try Self.tone(in: dir)
        var practice = ""
        let term = try TmuxClick(columns: 600, rows: 30, arguments: ["play", song, "--keep-open"]) { xdg in
            let data = xdg.appendingPathComponent("data").path
            let added = try E2E.run(E2E.woodshed, ["sections", song, "add", "verse", "1", "2"], environment: ["XDG_DATA_HOME": data])
            try #require(added.status == 0, "\(added.stderr)")
            let folder = xdg.appendingPathComponent("data/woodshed/sections")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".json") })
            practice = folder.appendingPathComponent(name).path
            try Data("{\n  \"schemaVersion\": 1,\n".utf8).write(to: URL(fileURLWithPath: practice))
        }
        defer { term.close() }
        try term.expectScreen("the warning from the start") { screen in
            screen.contains { $0.contains("tone.wav · WAV stereo 48000 Hz") } && screen.contains { $0.contains("changes not saved: \(practice):") }
        }
        try Self.markLoop(term)
        try term.sendKeys("w")
        // No wait: w and q are read in order from the terminal, so q finds the loop kept.
        let after = try Self.quit(term)
        #expect(after.contains("Warning: the section and settings of tone.wav were not saved (\(practice):"), "\(after)")
        let unsaved = term.directory.appendingPathComponent("state/woodshed/unsaved").path
        #expect(after.range(of: "; a copy is in \(NSRegularExpression.escapedPattern(for: unsaved))/tone-[0-9]{8}-[0-9]{6}\\.json",
                            options: .regularExpression) != nil, "\(after)")
        // The damaged file is left as it is.
        #expect(try String(contentsOfFile: practice, encoding: .utf8) == "{\n  \"schemaVersion\": 1,\n")
    }

    /// A 10 s 440 Hz stereo tone, `tone.wav` in `dir`.
    static func tone(in dir: URL) throws -> String {
        let song = dir.appendingPathComponent("tone.wav").path
        let made = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", song, "synth", "10", "sine", "440", "gain", "-12"])
        try #require(made.status == 0, "\(made.stderr)")
        return song
    }

    /// Marks a quick loop with i and o, each key once the screen shows the one before took
    /// effect, and the play head moved on between them (the status line's time changed).
    static func markLoop(_ term: TmuxClick) throws {
        try term.sendKeys("i")
        var marked = ""
        // The speed line says "· mark in TIME" while a mark is set (the message line may hold a warning).
        try term.expectScreen("mark in") { screen in
            guard screen.contains(where: { $0.hasPrefix("speed ") && $0.contains(" · mark in ") }) else { return false }
            marked = screen.first ?? ""
            return true
        }
        try term.expectScreen("the play head past the mark") { ($0.first ?? "") != marked }
        try term.sendKeys("o")
        try term.expectScreen("the loop playing") { $0.first?.hasPrefix("section 2/2 loop 1 ") == true }
    }

    /// Presses q, waits for woodshed to quit, and returns the screen after it (what it said on
    /// stderr), its lines joined.
    static func quit(_ term: TmuxClick) throws -> String {
        try term.sendKeys("q")
        let quit = PrivateJackServer.wait(timeout: 5) { FileManager.default.fileExists(atPath: term.exitStatusFile.path) }
        try #require(quit, "woodshed play did not quit on q")
        return try term.screen().joined()
    }
}

@Suite("The oscilloscope in a terminal (tmux)", .serialized)
struct ScopeTmuxTests {
    /// The braille rows of the screen (the trace), joined.
    static func trace(_ screen: [String]) -> String {
        screen.filter { line in line.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) } }.joined(separator: "\n")
    }

    @Test("play --scope: the trace moves while the music plays, goes flat when paused; meters for click, L and R")
    func scopeMovesThenFlat() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("tone.wav").path
        // A tone that sweeps, so every picture of it differs.
        let made = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", song, "synth", "20", "sine", "100-2000", "gain", "-6"])
        try #require(made.status == 0, "\(made.stderr)")
        let term = try TmuxClick(columns: 100, rows: 34, arguments: ["play", song, "--scope", "--keep-open"])
        defer { term.close() }
        try term.expectScreen("a trace and three meters") { screen in
            !Self.trace(screen).isEmpty && screen.contains { $0.hasPrefix("click ▕") } && screen.contains { $0.hasPrefix("L ") && $0.contains("dB") }
        }
        var pictures = Set<String>()
        try term.expectScreen("three different pictures of the trace while playing") { screen in
            pictures.insert(Self.trace(screen))
            return pictures.count >= 3
        }
        try term.sendKeys("Space")
        try term.expectScreen("a flat trace when paused") { screen in
            let t = Self.trace(screen)
            return !t.isEmpty && t.unicodeScalars.allSatisfy { $0 == "\n" || $0 == "⠒" || $0 == " " || $0 == "\u{2800}" }
        }
        try term.sendKeys("s")
        try term.expectScreen("no trace after s") { Self.trace($0).isEmpty }
    }

    /// The spectrum line: the one row of only bars and spaces, with bars in it.
    static func spectrum(_ screen: [String]) -> [Int]? {
        let bars = Array("▁▂▃▄▅▆▇█")
        guard let line = screen.first(where: { l in l.contains { bars.contains($0) } && l.allSatisfy { $0 == " " || bars.contains($0) } })
        else { return nil }
        return line.map { bars.firstIndex(of: $0).map { $0 + 1 } ?? 0 }
    }

    @Test("noise white --notch 4000 --scope spectrum: the bars around 4 kHz are lower than their neighbours on either side")
    func spectrumShowsTheNotch() throws {
        let term = try TmuxClick(columns: 100, rows: 34, arguments: ["noise", "white", "--notch", "4000", "--scope", "spectrum"])
        defer { term.close() }
        try term.expectScreen("a spectrum line under the trace") { Self.spectrum($0)?.count == 100 }
        // 100 columns from 50 Hz to 20 kHz: column c spans 50·400^(c/100) to 50·400^((c+1)/100) Hz.
        // 3.2-5 kHz (well inside the notch, 2.83-5.66 kHz): columns 70-75; 1.1-1.6 kHz: 52-57; 8.1-12 kHz: 85-91.
        var dips = 0
        for _ in 0..<5 {
            let bars = try #require(Self.spectrum(try term.screen()))
            let notch = bars[70...75].max()!, below = bars[52...57].sorted()[3], above = bars[85...91].min()!
            if notch < below && notch < above { dips += 1 }
            usleep(200_000)
        }
        #expect(dips >= 4, "the notch was a dip in \(dips) of 5 pictures")
    }

    @Test("noise --for: the time left counts down on the status line")
    func noiseTimeLeft() throws {
        let term = try TmuxClick(arguments: ["noise", "brown", "--for", "12s"])
        defer { term.close() }
        try term.expectScreen("Now: Brown Noise with the time left") { $0.first?.hasPrefix("Now: Brown Noise (0:1") == true }
        func seconds(_ line: String) -> Int? {
            guard let r = line.range(of: #"\(0:(\d\d) remaining\)"#, options: .regularExpression) else { return nil }
            return Int(line[r].dropFirst(3).prefix(2))
        }
        let first = try term.screen().first ?? ""
        let a = try #require(seconds(first), "\(first)")
        // Every value seen on the way down (a screen is read every 20 ms or so), until two seconds have passed.
        var shown = [a]
        try term.expectScreen("the time left 2 s lower than \(first)") { screen in
            guard let b = screen.first.flatMap(seconds) else { return false }
            if b != shown.last { shown.append(b) }
            return b <= a - 2
        }
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0.0 > $0.1 } && shown.contains(a - 1), "\(shown)")
    }
}
