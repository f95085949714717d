import Foundation
import Testing
import WoodshedTestSupport

/// The player's overview and the click's setlist in a real terminal (tmux), read back character by character.
@Suite("The overview in a terminal (tmux): section list, timeline, keys; the setlist line", .serialized)
struct OverviewTmuxTests {
    /// Adds `sections` (name, from, to, extra options) to `song` with `woodshed sections add`, in
    /// the tmux session's XDG folders under `xdg`.
    static func add(_ sections: [(String, String, String, [String])], to song: String, xdg: URL) throws {
        let env = ["XDG_DATA_HOME": xdg.appendingPathComponent("data").path, "XDG_CACHE_HOME": xdg.appendingPathComponent("cache").path]
        for (name, from, to, extra) in sections {
            let added = try E2E.run(E2E.woodshed, ["sections", song, "add", name, from, to] + extra, environment: env)
            try #require(added.status == 0, "\(added.stderr)")
        }
    }

    @Test("80×24: the timeline and the list, section 1 highlighted; j j moves the cursor to chorus, Enter starts it")
    func listAndTimeline() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = try PlayTmuxTests.tone(in: dir)
        let term = try TmuxClick(columns: 80, rows: 24, arguments: ["play", song, "--pause", "--keep-open"]) { xdg in
            try Self.add([("intro", "0", "2", ["--repeat", "2"]), ("verse", "2", "4", []), ("chorus", "6", "8", [])], to: song, xdg: xdg)
        }
        defer { term.close() }
        try term.expectScreen("the timeline and the three rows, intro playing") { screen in
            screen.contains("[●━━━━━━━━━━━━━━2───────────────···············3───────────────················]")
                && screen.contains("▶ 1 intro   0:00.000–0:02.000  ×2 · then next")
                && screen.contains("  2 verse   0:02.000–0:04.000  ×1 · then next")
                && screen.contains("  3 chorus  0:06.000–0:08.000  ×1 · then next")
                && screen.first?.hasPrefix("section 1/3 intro 0:00.000–0:02.000 · pass 1/2 · paused") == true
                && screen.joined(separator: " ").contains("0 reset")
        }
        try term.sendKeys("j")
        try term.sendKeys("j")
        try term.expectScreen("the cursor on chorus") { $0.contains("> 3 chorus  0:06.000–0:08.000  ×1 · then next") }
        try term.sendKeys("Enter")
        try term.expectScreen("chorus playing, highlighted, its loop heavy on the timeline") { screen in
            screen.contains("▶ 3 chorus  0:06.000–0:08.000  ×1 · then next")
                && screen.contains("  1 intro   0:00.000–0:02.000  ×2 · then next")
                && screen.first?.hasPrefix("section 3/3 chorus 0:06.000–0:08.000 · pass 1/1 · playing") == true
                && screen.contains { $0.hasPrefix("[1──────────────2───────────────···············") && $0.contains("━") }
        }
        _ = try PlayTmuxTests.quit(term)
    }

    @Test("40×12: six sections do not fit; the list scrolls with the cursor (j) from the first rows to the last")
    func scrolls() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = try PlayTmuxTests.tone(in: dir)
        let term = try TmuxClick(columns: 40, rows: 12, arguments: ["play", song, "--pause", "--keep-open"]) { xdg in
            try Self.add((1...6).map { ("s\($0)", "\($0 - 1)", "\($0)", []) }, to: song, xdg: xdg)
        }
        defer { term.close() }
        try term.expectScreen("the first row in view, not the last") { screen in
            screen.contains { $0.hasPrefix("▶ 1 s1  0:00.000–0:01.000") } && !screen.contains { $0.contains("6 s6") }
        }
        for _ in 0..<5 { try term.sendKeys("j") }
        try term.expectScreen("the last row in view, not the first") { screen in
            screen.contains { $0.hasPrefix("> 6 s6  0:05.000–0:06.000") } && !screen.contains { $0.contains("1 s1") }
        }
        _ = try PlayTmuxTests.quit(term)
    }

    @Test("click --setlist starts at song 1 (its tempo, not the last session's) and shows the title, the song and what comes next")
    func setlist() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("gig.json").path
        try """
            {"schemaVersion": 1, "name": "Friday gig", "songs": [
              {"title": "Opener", "tempo": "100"}, {"title": "Ballad", "tempo": "72", "meter": "3/4"}]}
            """.write(toFile: list, atomically: true, encoding: .utf8)
        let term = try TmuxClick(columns: 100, rows: 30, arguments: ["click", "--setlist", list])
        defer { term.close() }
        try term.expectScreen("song 1 at 100 BPM and the setlist line") { screen in
            screen.first?.hasPrefix("BPM 100 · 4/4 ·") == true
                && screen.contains { $0.trimmingCharacters(in: .whitespaces) == "Friday gig · song 1/2 Opener · next: Ballad" }
        }
        _ = try PlayTmuxTests.quit(term)
        let second = try TmuxClick(columns: 100, rows: 30, arguments: ["click", "--setlist", list, "--song", "2"])
        defer { second.close() }
        try second.expectScreen("song 2 at 72 BPM in 3/4, the last") { screen in
            screen.first?.hasPrefix("BPM 72 · 3/4 ·") == true
                && screen.contains { $0.trimmingCharacters(in: .whitespaces) == "Friday gig · song 2/2 Ballad · next: — (the last song)" }
        }
        _ = try PlayTmuxTests.quit(second)
    }
}
