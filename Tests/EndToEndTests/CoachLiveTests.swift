import Foundation
import Testing
import WoodshedTestSupport

/// `click --coach` against a real JACK server: `hit_performer` (Tests/Tools) anchors on
/// woodshed's first click, then plays 50 drum-like hits into `woodshed:in` on the eighth-note
/// grid with set deviations (−30 … +30 ms) and seeded jitter, through a simulated interface
/// latency of 300 frames that it declares to JACK. Woodshed's `--coach-log` is compared with the
/// performer's truth file.
@Suite("click --coach hears a synthetic performer on woodshed:in", .serialized)
struct CoachLiveTests {
    /// The truth file: the anchor (a server frame) and per hit its grid frame after the anchor,
    /// its deviation in frames and the server frame it was played at.
    static func truth(_ path: String) throws -> (anchor: Int, hits: [(grid: Int, deviation: Int, played: Int)]) {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let head = lines.first?.split(separator: " ") ?? []
        guard head.count == 7, head[3] == "anchor", let anchor = Int(head[4]) else { throw JackToolError("bad truth header: \(lines.first ?? "")") }
        return (anchor, lines.dropFirst().map {
            let f = $0.split(separator: " ").compactMap { Int($0) }
            return (f[0], f[1], f[2])
        })
    }

    /// The hits of a coach log: grid frame (woodshed's timeline) → deviation in ms; and the summary line.
    static func coached(_ path: String) throws -> (hits: [Int: Double], hitLines: Int, summary: [String: Any]) {
        var hits: [Int: Double] = [:], lines = 0, summary: [String: Any] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if object["summary"] != nil { summary = object; continue }
            guard let ms = object["deviation_ms"] as? Double, let grid = object["grid_frame"] as? Int else { continue }
            hits[grid] = ms
            lines += 1
        }
        return (hits, lines, summary)
    }

    @Test("120 BPM in eighths, 50 hits −30 … +30 ms (±2 ms jitter), 300 frames of declared latency: ≥ 98 % heard, 95 % within ±1 ms of the truth, all within 3 ms, nothing extra",
          .timeLimit(.minutes(3)))
    func performer() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        try JackRecording.buildTools.get()
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("coach.jsonl").path, truthPath = dir.appendingPathComponent("truth.txt").path
        let wav = dir.appendingPathComponent("click.wav").path
        let click = try Live.start(server, name: "wscoach", ["120", "--subdivide", "2", "--no-connect", "--coach", "--coach-log", log, "--for", "40"])
        defer { PrivateJackServer.terminate(click) }
        // The click as it left woodshed, at server frames: where the performer's anchor really is.
        let recorder = try JackRecording.start(server: server, client: "reccoach", ports: ["wscoach:click"], seconds: 4, to: wav)
        defer { PrivateJackServer.terminate(recorder) }
        let performer = JackRecording.packageRoot.appendingPathComponent(".build/tools/hit_performer").path
        let perf = try server.spawn(performer, [
            "-n", "coachperf", "--anchor-port", "wscoach:click", "--connect", "wscoach:in",
            "--every", "12000", "--count", "50", "--first", "48000",
            "--deviations", "0,-30,12.5,30,-17.5,5,-5,22.5", "--jitter-ms", "2", "--seed", "11", "--latency", "300",
            "--truth", truthPath,
        ])
        defer { PrivateJackServer.terminate(perf) }
        #expect(PrivateJackServer.wait(timeout: 40) { server.output(of: perf).stdout.contains("done\n") }, "\(server.output(of: perf))")
        usleep(1_000_000)   // the last hit's window closes
        #expect(PrivateJackServer.terminate(click) == 0, "\(server.output(of: click))")
        recorder.waitUntilExit()

        let (anchor, truth) = try Self.truth(truthPath)
        try #require(truth.count == 50)
        // The performer anchors on the first click sample it reads; read in the cycle its port was
        // connected, that buffer may be the one before (JACK's graph order changes a cycle late):
        // then its anchor, and every hit, is a period late. The recording says which.
        let recording = try JackRecording(path: wav)
        let first = Int(recording.firstServerFrame)
        let clicks = onsets(try recording.samples(channel: 0), threshold: 0.001).filter(recording.isAudible(at:)).map { $0 + first }
        let anchorClick = try #require(clicks.first { abs($0 - anchor) <= 512 }, "anchor \(anchor), clicks \(clicks.prefix(8))")
        // Or the first buffer it read began after the onset (its port connected then, or a loaded
        // machine skipped its cycle): its anchor is that buffer's first frame, a cycle start at
        // most a period after the click.
        let late = anchor - anchorClick
        #expect(late == 0 || (anchor % 256 == 0 && late > 0 && late <= 256), "anchor \(anchor), click \(anchorClick)")
        // Hit h's click is at server frame anchorClick + grid; woodshed's timeline frame g is server
        // frame g + offset, the offset a whole number of eighths from the anchor's click.
        let (hits, lines, summary) = try Self.coached(log)
        let offsets = (0..<40).map { anchorClick - 12_000 * $0 }
        let offset = offsets.max { a, b in truth.filter { hits[anchorClick + $0.grid - a] != nil }.count
                                          < truth.filter { hits[anchorClick + $0.grid - b] != nil }.count }!
        let stdout = server.output(of: click).stdout
        // Overload (docs/coach.md): a cycle the server skipped may take a hit with it.
        let stop = stdout.split(separator: "\n").last { $0.contains("stopped · xruns") }.map(String.init) ?? ""
        let skipped = Int(stop.components(separatedBy: "skipped cycles ").last?.prefix { $0.isNumber } ?? "") ?? 0
        let heard = truth.filter { hits[anchorClick + $0.grid - offset] != nil }
        #expect(Double(heard.count) >= 0.98 * Double(truth.count) - Double(skipped), "heard \(heard.count) of 50 · \(stop)")
        // No onset that was not played: every hit logged is on a grid frame the performer played, once.
        let played = Set(truth.map { anchorClick + $0.grid - offset })
        #expect(hits.keys.allSatisfy { played.contains($0) }, "extra: \(hits.keys.filter { !played.contains($0) }.sorted())")
        #expect(lines == hits.count)
        let errors = heard.map { hits[anchorClick + $0.grid - offset]! - Double($0.deviation + late) * 1000 / 48_000 }
        #expect(errors.allSatisfy { abs($0) <= 3 }, "\(errors)")
        #expect(Double(errors.filter { abs($0) <= 1 }.count) >= 0.95 * Double(heard.count), "\(errors)")
        #expect(summary["hits"] as? Int == hits.count, "\(summary)")
        print("coach live: heard \(heard.count)/50, anchor \(late) frames late, worst \(errors.map(abs).max() ?? 0) ms, hit to screen median \(summary["hit_to_screen_median_ms"] ?? "-") ms · \(stop)")
    }

    @Test("click --coach on ALSA, --advance-when without --coach, a bad value or no speed trainer: one error line each")
    func refusals() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try AlsaClickTests.environment(dir)
        let alsa = try E2E.run(E2E.woodshed, ["click", "120", "--backend", "alsa", "--alsa-device", "woodshedtest", "--coach", "--no-mpris"],
                               environment: env)
        #expect(alsa.status == 1)
        #expect(alsa.stderr == "Error: --coach: the input port woodshed:in is not available on the ALSA backend; use JACK (--backend jack)\n")
        let noCoach = try E2E.run(E2E.woodshed, ["click", "120", "--advance-when", "clean:20ms"], environment: env)
        #expect(noCoach.status == 64)
        #expect(noCoach.stderr.hasPrefix("Error: --advance-when needs --coach (it listens on woodshed:in)\n"))
        let bad = try E2E.run(E2E.woodshed, ["click", "120", "--coach", "--advance-when", "fast"], environment: env)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --advance-when must be clean:MS with MS from 1 to 100 (e.g. clean:20ms), not 'fast'\n"))
        let plain = try E2E.run(E2E.woodshed, ["click", "120", "--coach", "--advance-when", "clean:20ms", "--no-mpris"], environment: env)
        #expect(plain.status == 1)
        #expect(plain.stderr == "Error: --advance-when needs a speed trainer: a tempo such as 80-160/10, or a preset with one (--preset speed-trainer)\n")
    }
}
