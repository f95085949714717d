import Foundation
import Testing
import WoodshedTestSupport

/// A lesson made in the test: three 1 s tones ("sentences") 0.5 s apart, and SRT subtitles
/// for them (CRLF, a styling tag).
private func lesson(in dir: URL) throws -> (audio: String, subs: String) {
    let audio = dir.appendingPathComponent("lesson.wav").path, subs = dir.appendingPathComponent("lesson.srt").path
    let parts = ["s1.wav": "300", "s2.wav": "400", "s3.wav": "500"]
    for (name, hz) in parts {
        let r = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "1", dir.appendingPathComponent(name).path, "synth", "1", "sine", hz])
        try #require(r.status == 0, "\(r.stderr)")
    }
    let sil = dir.appendingPathComponent("sil.wav").path
    _ = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "1", sil, "trim", "0", "0.5"])
    let joined = try E2E.run("/usr/bin/sox", [dir.appendingPathComponent("s1.wav").path, sil, dir.appendingPathComponent("s2.wav").path, sil,
                                             dir.appendingPathComponent("s3.wav").path, audio])
    try #require(joined.status == 0, "\(joined.stderr)")
    try ("1\r\n00:00:00,000 --> 00:00:01,000\r\nHello <i>there</i>.\r\n\r\n2\r\n00:00:01,500 --> 00:00:02,500\r\nHow are you?\r\n\r\n"
         + "3\r\n00:00:03,000 --> 00:00:04,000\r\nFine, thanks.\r\n").write(toFile: subs, atomically: true, encoding: .utf8)
    return (audio, subs)
}

@Suite("woodshed shadow, live", .serialized)
struct ShadowLiveTests {
    @Test("the screen: sentence i of N, its text, the next one, LISTEN then YOUR TURN with a countdown that runs down")
    func shadowScreen() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (audio, subs) = try lesson(in: dir)
        let term = try TmuxClick(arguments: ["shadow", audio, "--subs", subs, "--repeat", "2", "--gap", "1.5x"])
        defer { term.close() }
        try term.expectScreen("sentence 1 of 3, its text, the next one dimmed, LISTEN") { screen in
            screen.first?.hasPrefix("sentence 1 of 3 · pass 1/2 · listen") == true
                && screen.contains { $0.trimmingCharacters(in: .whitespaces) == "Hello there." }
                && screen.contains { $0.trimmingCharacters(in: .whitespaces) == "next: How are you?" }
                && screen.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("LISTEN  [") }
        }
        func countdown(_ screen: [String]) -> Double? {
            guard let line = screen.first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("YOUR TURN  [") }),
                  let value = line.split(separator: " ").dropLast().last else { return nil }
            return Double(value)
        }
        var seen: [Double] = []
        let end = Date().addingTimeInterval(6)
        while Date() < end && seen.count < 3 {
            if let c = countdown(try term.screen()), seen.last.map({ c < $0 }) ?? true { seen.append(c) }
            usleep(200_000)
        }
        #expect(seen.count >= 2, "no YOUR TURN countdown that runs down: \(seen)")
        #expect(seen.allSatisfy { $0 <= 1.5 }, "a turn of 1.5 × a 1 s sentence: \(seen)")
        try term.sendKeys("q")
        let quit = PrivateJackServer.wait(timeout: 5) { FileManager.default.fileExists(atPath: term.exitStatusFile.path) }
        try #require(quit, "woodshed shadow did not quit on q")
    }

    @Test("hands-free through three sentences: listen, your turn, blind, next; the practice log gets one line per sentence; the next run resumes")
    func handsFreeAndLogged() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (audio, subs) = try lesson(in: dir)
        let env = ["XDG_DATA_HOME=\(dir.path)/data", "XDG_STATE_HOME=\(dir.path)/state", "XDG_CONFIG_HOME=\(dir.path)/config",
                   "XDG_CACHE_HOME=\(dir.path)/cache"]
        let p = try server.spawn("/usr/bin/env", env + [E2E.woodshed, "shadow", audio, "--subs", subs, "--repeat", "2", "--gap", "0.5x",
                                                       "--listen-first", "--blind", "--no-connect", "--jack-name", "wsshadow"])
        let ended = PrivateJackServer.wait(timeout: 30) { !p.isRunning }
        try #require(ended, "did not end: \(server.output(of: p))")
        #expect(p.terminationStatus == 0)
        let lines = server.output(of: p).stdout.split(separator: "\n").map(String.init).filter { $0.contains("· speed") && $0.hasPrefix("woodshed shadow: sentence") }
        var expected: [String] = []
        for n in 1...3 {
            expected += ["sentence \(n)/3 · pass 1/2 · listen", "sentence \(n)/3 · pass 2/2 · listen",
                         "sentence \(n)/3 · pass 2/2 · your turn", "sentence \(n)/3 · blind · your turn (blind)"]
        }
        expected.append("sentence 3/3 · pass 2/2 · ended")
        #expect(lines.map { String($0.dropFirst("woodshed shadow: ".count).prefix { $0 != "·" || true }) }
                    .map { $0.components(separatedBy: " · speed")[0] } == expected)
        let log = try String(contentsOfFile: "\(dir.path)/state/woodshed/practice-log.jsonl", encoding: .utf8)
        let entries = log.split(separator: "\n")
        #expect(entries.count == 3, "\(log)")
        for (i, e) in entries.enumerated() {
            #expect(e.contains("\"mode\":\"shadow\"") && e.contains("\"section\":\"s\(i + 1)\"") && e.contains("\"index\":\(i + 1)") && e.contains("\"passes\":2")
                    && e.contains("\"file\":\"\(audio)\""), "\(e)")
        }
        let summary = try E2E.run("/usr/bin/env", env + [E2E.woodshed, "log"])
        #expect(summary.status == 0 && summary.stdout.contains("3 (6 passes)"), "\(summary.stdout)")
        // The last sentence is remembered: the next run starts there.
        let again = try server.spawn("/usr/bin/env", env + [E2E.woodshed, "shadow", audio, "--repeat", "1", "--gap", "0.2x",
                                                           "--no-connect", "--jack-name", "wsshadow2"])
        _ = PrivateJackServer.wait(timeout: 20) { !again.isRunning }
        let first = server.output(of: again).stdout.split(separator: "\n").first { $0.hasPrefix("woodshed shadow: sentence") }
        #expect(first?.hasPrefix("woodshed shadow: sentence 3/3 · pass 1/1 · listen") == true, "\(server.output(of: again))")
    }

    @Test("a \"mark bad cut\" pedal moves the sentence's start 50 ms later, and it is saved")
    func pedalNudgeIsSaved() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (audio, subs) = try lesson(in: dir)
        let map = dir.appendingPathComponent("pedals.json").path
        try """
            {"schemaVersion": 1, "mappings": [{"message": "note", "number": 64, "action": "nudge-in-later"}]}
            """.write(toFile: map, atomically: true, encoding: .utf8)
        let env = ["XDG_DATA_HOME=\(dir.path)/data", "XDG_STATE_HOME=\(dir.path)/state", "XDG_CONFIG_HOME=\(dir.path)/config",
                   "XDG_CACHE_HOME=\(dir.path)/cache"]
        let p = try server.spawn("/usr/bin/env", env + [E2E.woodshed, "shadow", audio, "--subs", subs, "--repeat", "5", "--midi-map", map,
                                                       "--no-connect", "--jack-name", "wsnudge"])
        defer { PrivateJackServer.terminate(p) }
        let up = PrivateJackServer.wait(timeout: 10) { server.ports().contains("wsnudge:midi_in") }
        try #require(up, "\(server.output(of: p))")
        _ = try MIDIPeers.send(server: server, to: "wsnudge:midi_in", events: [(0, [0x90, 64, 100]), (1_000, [0x80, 64, 0])], lead: 4_800)
        // Saved by autosave within a second or so of the change: `sections list` (which reads
        // without writing) until it shows the nudge.
        var list = (status: Int32(0), stdout: "", stderr: "")
        func row() -> Substring? { list.stdout.split(separator: "\n").first { $0.contains(" s1 ") } }
        _ = try PrivateJackServer.wait(timeout: 15) {
            let r = try E2E.run("/usr/bin/env", env + [E2E.woodshed, "sections", audio, "list"])
            list = (r.status, r.stdout, r.stderr)
            return row()?.contains("0:00.050  0:01.000") == true
        }
        #expect(PrivateJackServer.terminate(p) == 0)
        #expect(row()?.contains("0:00.050  0:01.000") == true, "\(list.stdout)")
    }
}
