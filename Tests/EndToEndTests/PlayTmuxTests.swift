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
