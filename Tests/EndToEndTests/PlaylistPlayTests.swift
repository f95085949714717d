import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

@Suite("Playlists played: gapless joins, order, missing tracks, then noise")
struct PlaylistPlayTests {
    @Test("render --playlist: track 1's last sample is followed by track 2's first, in the playlist's order; a missing track is skipped with a warning")
    func gaplessOffline() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.wav").path, b = dir.appendingPathComponent("b.wav").path
        let c = dir.appendingPathComponent("c.wav").path
        try TestAudio.numberedWAV(a, frames: 30_001, base: 0)
        try TestAudio.numberedWAV(b, frames: 20_000, base: 5_000)
        try TestAudio.numberedWAV(c, frames: 10_000, base: 9_000)
        let env = ["/usr/bin/env", "XDG_DATA_HOME=\(dir.path)/data", "XDG_CACHE_HOME=\(dir.path)/cache", E2E.woodshed]
        func woodshed(_ args: String...) throws -> E2E.Result { try E2E.run(env[0], Array(env.dropFirst()) + args) }
        #expect(try woodshed("playlist", "create", "set").status == 0)
        #expect(try woodshed("playlist", "add", "set", a, b, c).status == 0)
        #expect(try woodshed("playlist", "move", "set", "3", "1").status == 0)   // c, a, b
        try FileManager.default.removeItem(atPath: b)                                // b goes missing
        let out = dir.appendingPathComponent("out.wav").path
        let r = try woodshed("render", out, "--playlist", "set", "--stems", "--format", "wav32f")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("Warning: skipped \(b): "), "\(r.stderr)")
        #expect(r.stdout == "wrote \(out): playlist set · 2 tracks · 0:00.833 at 48000 Hz, 0:00.833 (40001 frames at 48000 Hz, wav32f, stems: music L, music R, click)\n", "\(r.stdout)")
        let sound = try E2E.read(out)
        let left = sound.samples   // the first channel: music L
        let first: [Float] = (0..<10_000).map { (k: Int) -> Float in Float((9_000 + k) % 32768) / 32768 }
        let second: [Float] = (0..<30_001).map { (k: Int) -> Float in Float(k % 32768) / 32768 }
        let want = first + second
        #expect(left.count == want.count)
        let mismatch: Int? = (0..<min(left.count, want.count)).first { left[$0] != want[$0] }
        #expect(mismatch == nil, "first difference at frame \(mismatch ?? 0) (the join is at 10000)")
    }

    @Test("playlist play --then-noise brown:2s --notch 1kHz: each track in turn, then the noise, then it quits; the log has a listen line per track and a noise line, all notched")
    func liveThenNoise() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.wav").path, b = dir.appendingPathComponent("b.wav").path
        try TestAudio.numberedWAV(a, frames: 24_000, base: 0)
        try TestAudio.numberedWAV(b, frames: 24_000, base: 100)
        let env = ["XDG_DATA_HOME=\(dir.path)/data", "XDG_CACHE_HOME=\(dir.path)/cache", "XDG_STATE_HOME=\(dir.path)/state"]
        #expect(try E2E.run("/usr/bin/env", env + [E2E.woodshed, "playlist", "create", "p"]).status == 0)
        #expect(try E2E.run("/usr/bin/env", env + [E2E.woodshed, "playlist", "add", "p", a, b]).status == 0)
        let p = try server.spawn("/usr/bin/env", env + [E2E.woodshed, "playlist", "play", "p", "--then-noise", "brown:2s",
                                                       "--notch", "1kHz", "--no-connect", "--jack-name", "wslist"])
        let done = PrivateJackServer.wait(timeout: 20) { !p.isRunning }
        try #require(done, "did not quit: \(server.output(of: p))")
        #expect(p.terminationStatus == 0)
        let lines = server.output(of: p).stdout.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().prefix(3) == ["woodshed playlist: track 1/2 a.wav · 0:01 left", "woodshed playlist: track 2/2 b.wav · 0:01 left",
                                                 "woodshed playlist: Now: Brown Noise started"], "\(lines)")
        // Each track (0.5 s) is a listen line of the control loop's time, within its refresh; the noise
        // its frames played: exactly 2 s. The notch was on throughout.
        let log = try String(contentsOfFile: "\(dir.path)/state/woodshed/practice-log.jsonl", encoding: .utf8)
        let entries = try log.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(entries.count == 3, "\(log)")
        #expect(entries.map { $0["mode"] as? String } == ["listen", "listen", "noise"])
        #expect(entries.map { $0["file"] as? String } == [URL(fileURLWithPath: a).standardizedFileURL.path, URL(fileURLWithPath: b).standardizedFileURL.path, nil])
        #expect(entries.map { $0["track"] as? Int } == [1, 2, nil])
        #expect(entries.map { $0["playlist"] as? String } == ["p", "p", nil])
        #expect(entries[2]["sound"] as? String == "Brown Noise" && entries[2]["seconds"] as? Double == 2, "\(log)")
        for e in entries.prefix(2) { #expect((0.35...0.75).contains(e["seconds"] as? Double ?? 0), "\(log)") }
        for e in entries { #expect(e["notched"] as? Double == e["seconds"] as? Double, "\(log)") }
    }
}
