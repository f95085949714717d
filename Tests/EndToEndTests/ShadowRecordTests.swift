import Foundation
import Testing
import WoodshedTestSupport

/// A lesson of one sentence: 1 s of a constant 0.25 (so the frame where it ends is exact in a
/// recording of music_L), then 0.5 s of silence, as a 32-bit float WAV; SRT subtitles for it.
private func dcLesson(in dir: URL) throws -> (audio: String, subs: String) {
    let audio = dir.appendingPathComponent("dc.wav").path, subs = dir.appendingPathComponent("dc.srt").path
    let samples = [Float](repeating: 0.25, count: 48_000) + [Float](repeating: 0, count: 24_000)
    var d = Data()
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
    func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
    d.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(36 + samples.count * 4)); d.append(contentsOf: Array("WAVE".utf8))
    d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(3); u16(1); u32(48_000); u32(48_000 * 4); u16(4); u16(32)
    d.append(contentsOf: Array("data".utf8)); u32(UInt32(samples.count * 4))
    for s in samples { u32(s.bitPattern) }
    try d.write(to: URL(fileURLWithPath: audio))
    try "1\n00:00:00,000 --> 00:00:01,000\nSay it back.\n".write(toFile: subs, atomically: true, encoding: .utf8)
    return (audio, subs)
}

/// `shadow --record` against a private JACK server: `counter_feed` plays 24-bit-exact values
/// into woodshed:in (`--input`), frame_recorder records music_L and the feed side by side.
@Suite("woodshed shadow --record: your turns as takes, live", .serialized)
struct ShadowRecordTests {
    static func environment(_ dir: URL) -> [String] {
        ["XDG_DATA_HOME=\(dir.path)/data", "XDG_STATE_HOME=\(dir.path)/state", "XDG_CONFIG_HOME=\(dir.path)/config",
         "XDG_CACHE_HOME=\(dir.path)/cache"]
    }

    @Test("each take equals the input quantised to 24 bits, sample for sample, from the first frame after the sentence, one turn long")
    func takesEqualTheInput() throws {
        try JackRecording.buildTools.get()
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (audio, subs) = try dcLesson(in: dir)
        let feed = try server.spawn(JackRecording.counterFeed, ["-n", "wsfeed"])
        defer { PrivateJackServer.terminate(feed) }
        try #require(PrivateJackServer.wait(timeout: 10) { server.ports().contains("wsfeed:out") }, "\(server.output(of: feed))")
        let p = try server.spawn("/usr/bin/env", Self.environment(dir) + [
            E2E.woodshed, "shadow", audio, "--subs", subs, "--repeat", "3", "--gap", "1x", "--crossfade", "0", "--record",
            "--input", "wsfeed:out", "--no-connect", "--jack-name", "wsrec"])
        defer { PrivateJackServer.terminate(p) }
        try #require(PrivateJackServer.wait(timeout: 10) { server.ports().contains("wsrec:in") }, "\(server.output(of: p))")
        let wav = dir.appendingPathComponent("rec.wav").path
        let rec = try JackRecording.record(server: server, ports: ["wsrec:music_L", "wsfeed:out"], seconds: 7, to: wav)
        try #require(PrivateJackServer.wait(timeout: 15) { !p.isRunning }, "did not end: \(server.output(of: p))")
        let out = server.output(of: p)
        #expect(p.terminationStatus == 0, "\(out)")
        let music = try rec.samples(channel: 0), fed = try rec.samples(channel: 1)
        // Where a turn starts: the first frame of silence after the sentence.
        let starts = (1..<music.count).filter { music[$0 - 1] == 0.25 && music[$0] == 0 }
        let folder = URL(fileURLWithPath: "\(dir.path)/data/woodshed/takes")
        let fingerprints = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        try #require(fingerprints.count == 1, "\(fingerprints)")
        let takeFolder = folder.appendingPathComponent(fingerprints[0])
        let names = try FileManager.default.contentsOfDirectory(atPath: takeFolder.path).sorted()
        #expect(names == ["section-001-take-0001.flac", "section-001-take-0002.flac", "section-001-take-0003.flac"])
        var verified = 0
        for name in names {
            let take = try TestAudio.read(takeFolder.appendingPathComponent(name).path)
            #expect(take.rate == 48_000 && take.channels == 1 && take.frames == 48_000, "\(name): \(take.frames) frames")
            let x = take.channel(0)
            // The turn this take belongs to, by the value its first sample carries.
            guard let g = starts.first(where: { fed[$0] == x.first }), rec.isFullyRecorded(g..<(g + x.count)) else { continue }
            #expect(Array(fed[g..<(g + x.count)]) == x, "\(name) differs from the input from frame \(g)")
            verified += 1
        }
        #expect(verified >= 2, "turns in the recording at \(starts); takes verified: \(verified)")
        let lines = out.stdout.split(separator: "\n").map(String.init).filter { $0.contains("saved (") }
        let expected = (1...3).map { n in
            "woodshed shadow: take \(n) of sentence 1 saved (1.00 s): " + takeFolder.appendingPathComponent("section-001-take-000\(n).flac").path
        }
        #expect(lines == expected, "\(out.stdout)")
    }
}
