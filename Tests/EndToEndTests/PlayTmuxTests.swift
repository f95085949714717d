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
        usleep(600_000)
        let later = try #require(percent(try term.screen()))
        #expect(later != first, "the progress bar did not move (\(first) %)")
        try term.sendKeys("Up")
        try term.expectScreen("speed 0.8× after ↑") { $0.contains { $0.hasPrefix("speed 0.8× · click on") } }
        try term.sendKeys("q")
        let quit = PrivateJackServer.wait(timeout: 5) { FileManager.default.fileExists(atPath: term.exitStatusFile.path) }
        try #require(quit, "woodshed play did not quit on q")
        #expect(try String(contentsOf: term.exitStatusFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "0")
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
        for _ in 0..<6 { pictures.insert(Self.trace(try term.screen())); usleep(150_000) }
        #expect(pictures.count >= 3, "the trace did not move while playing (\(pictures.count) different pictures)")
        try term.sendKeys("Space")
        usleep(400_000)
        try term.expectScreen("a flat trace when paused") { screen in
            let t = Self.trace(screen)
            return !t.isEmpty && t.unicodeScalars.allSatisfy { $0 == "\n" || $0 == "⠒" || $0 == " " || $0 == "\u{2800}" }
        }
        try term.sendKeys("s")
        try term.expectScreen("no trace after s") { Self.trace($0).isEmpty }
    }

    @Test("noise --for: the time left counts down on the status line")
    func noiseTimeLeft() throws {
        let term = try TmuxClick(arguments: ["noise", "brown", "--for", "12s"])
        defer { term.close() }
        try term.expectScreen("Now: Brown Noise with the time left") { $0.first?.hasPrefix("Now: Brown Noise (0:1") == true }
        let first = try term.screen().first ?? ""
        usleep(2_200_000)
        let later = try term.screen().first ?? ""
        func seconds(_ line: String) -> Int? {
            guard let r = line.range(of: #"\(0:(\d\d) remaining\)"#, options: .regularExpression) else { return nil }
            return Int(line[r].dropFirst(3).prefix(2))
        }
        let a = try #require(seconds(first), "\(first)"), b = try #require(seconds(later), "\(later)")
        #expect(a - b >= 2 && a - b <= 3, "\(first) → \(later)")
    }
}
