import Foundation
import Testing
import WoodshedTestSupport

/// The synthetic performer of the listening tests (`Tests/Tools/hit_performer.c`) checked by
/// itself: anchored on woodshed's click, it plays each hit at the server frame it was told,
/// recorded by frame_recorder, its bursts found by the onsets rule of the other live tests.
@Suite("hit_performer plays its hits at the frames it was told", .serialized)
struct HitPerformerTests {
    /// The truth file: the anchor, and per hit (grid frame, deviation frames, played frame, out frame).
    static func truth(_ path: String) throws -> (anchor: Int, latency: Int, hits: [[Int]]) {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let head = lines[0].split(separator: " ")
        guard head.count == 7, head[3] == "anchor", let anchor = Int(head[4]), let latency = Int(head[6]) else {
            throw JackToolError("bad truth header: \(lines[0])")
        }
        return (anchor, latency, lines.dropFirst().map { $0.split(separator: " ").compactMap { Int($0) } })
    }

    @Test("on woodshed's click at 120 BPM: hits 1 s + k·0.5 s after it, 0, +12.5, −20, +30 ms off (±2 ms of seeded jitter), 300 frames of latency; each burst at its frame, the click on the anchor's grid")
    func hits() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        try JackRecording.buildTools.get()
        let click = try Live.start(server, name: "wsperf", ["120", "--no-connect"])
        defer { PrivateJackServer.terminate(click) }
        let dir = try E2E.tempDir()
        let truthPath = dir.appendingPathComponent("truth.txt").path, wav = dir.appendingPathComponent("hits.wav").path
        let perf = try server.spawn(JackRecording.hitPerformer, [
            "-n", "perf", "--anchor-port", "wsperf:click", "--every", "24000", "--count", "6", "--first", "48000",
            "--deviations", "0,12.5,-20,30", "--jitter-ms", "2", "--seed", "7", "--latency", "300", "--truth", truthPath,
        ])
        defer { PrivateJackServer.terminate(perf) }
        #expect(PrivateJackServer.wait(timeout: 10) { server.ports().contains("perf:out") }, "\(server.output(of: perf))")
        let recorder = try JackRecording.start(server: server, client: "recperf", ports: ["perf:out", "wsperf:click"], seconds: 6, to: wav)
        recorder.waitUntilExit()
        #expect(recorder.terminationStatus == 0, "\(server.output(of: recorder))")
        #expect(PrivateJackServer.wait(timeout: 20) { server.output(of: perf).stdout.contains("done\n") }, "\(server.output(of: perf))")

        let (anchor, latency, hits) = try Self.truth(truthPath)
        #expect(latency == 300)
        #expect(hits.map { $0[0] } == [48000, 72000, 96000, 120000, 144000, 168000])
        for (k, h) in hits.enumerated() {
            let given = [0, 600, -960, 1440][k % 4]  // round(ms · 48)
            #expect((given - 96...given + 96).contains(h[1]), "hit \(k): \(h)")
            #expect(h[2] == anchor + h[0] + h[1] && h[3] == h[2] + 300, "hit \(k): \(h)")
        }
        #expect(Set(hits.map { $0[1] }).count == 6, "the jitter moved each hit differently")

        let recording = try JackRecording(path: wav)
        let first = Int(recording.firstServerFrame)
        let expected = hits.map { $0[3] - first }.filter { recording.isAudible(at: $0) }
        #expect(expected.count >= 3, "too few hits recorded whole: \(recording.gaps)")
        let played = try recording.recordedOnsets(channel: 0)
        #expect(played == expected, "xruns \(recording.xruns)")
        let clicks = onsets(try recording.samples(channel: 1), threshold: 0.001).filter { recording.isAudible(at: $0) }
        #expect(!clicks.isEmpty)
        if let c = clicks.first { #expect((c + first - anchor) % 24000 == 0, "click at \(c + first), anchor \(anchor)") }
    }
}
