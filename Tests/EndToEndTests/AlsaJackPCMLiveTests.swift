import Foundation
import Testing
import WoodshedTestSupport

/// The ALSA backend on a paced device: ALSA's `jack` PCM (libasound2-plugins) on a private dummy
/// jackd (`PrivateJackServer`, 48 kHz, 256-frame periods), through a private configuration
/// appended to the system one. The plugin's JACK client (`wsalsa`) plays to `system:playback_*`;
/// `frame_recorder` records its two ports, each cycle at its server frame. Woodshed starts
/// first (the recorder needs the plugin's ports), so a recording begins anywhere in the run.
@Suite("woodshed on ALSA's jack PCM (a paced device)", .serialized)
struct AlsaJackPCMLiveTests {
    /// The plugin's ports, in the order recorded.
    static let ports = ["wsalsa:out_000", "wsalsa:out_001"]

    /// A private ALSA configuration in `dir` with `pcm.wsjack` on the server's JACK.
    static func alsaConfig(_ dir: URL) throws -> String {
        let conf = dir.appendingPathComponent("asound.conf")
        try Data("pcm.wsjack { type jack; name \"wsalsa\"; playback_ports { 0 system:playback_1 1 system:playback_2 } }\n".utf8)
            .write(to: conf)
        return "/usr/share/alsa/alsa.conf:\(conf.path)"
    }

    /// Runs woodshed with `args` (and `extraEnvironment`) on `server`'s JACK through `pcm.wsjack`,
    /// records the plugin's ports for `seconds` once they are there, and returns woodshed's result
    /// and the recording.
    static func recorded(_ server: PrivateJackServer, dir: URL, seconds: Int, _ args: [String],
                         extraEnvironment: [String] = []) throws -> (E2E.Result, JackRecording) {
        let env = ["ALSA_CONFIG_PATH=\(try alsaConfig(dir))", "XDG_DATA_HOME=\(dir.appendingPathComponent("data").path)",
                   "XDG_STATE_HOME=\(dir.appendingPathComponent("state").path)",
                   "XDG_CONFIG_HOME=\(dir.appendingPathComponent("config").path)"] + extraEnvironment
        let p = try server.spawn("/usr/bin/env", env + [E2E.woodshed] + args)
        defer { PrivateJackServer.terminate(p) }
        let up = PrivateJackServer.wait(timeout: 15) { !p.isRunning || Set(server.ports()).isSuperset(of: ports) }
        try #require(up && p.isRunning, "the jack PCM's ports did not appear: \(server.output(of: p))")
        let wav = dir.appendingPathComponent("wsalsa-\(UUID().uuidString.prefix(6)).wav").path
        let recorder = try JackRecording.start(server: server, client: "rec-wsalsa", ports: ports, seconds: seconds, to: wav)
        defer { PrivateJackServer.terminate(recorder) }
        _ = PrivateJackServer.wait(timeout: Double(seconds) + 15) { !recorder.isRunning }
        _ = PrivateJackServer.wait(timeout: 15) { !p.isRunning }
        let out = server.output(of: p)
        let r = E2E.Result(status: p.isRunning ? -1 : p.terminationStatus, stdout: out.stdout, stderr: out.stderr)
        return (r, try JackRecording(path: wav))
    }

    /// The clicks of channel 0 from 0.1 s into the recording (one that starts inside a click cuts
    /// it), after checking that channel 1 has the same.
    static func clicks(_ rec: JackRecording) throws -> [Int] {
        let cut = rec.rate / 10
        let left = try rec.recordedOnsets(channel: 0).filter { $0 >= cut }
        #expect(try rec.recordedOnsets(channel: 1).filter { $0 >= cut } == left, "the right channel's clicks differ")
        return left
    }

    /// The stop line's position: frames written, heard, the device's delay.
    static func position(_ stdout: String) -> (written: Int, heard: Int, delay: Int)? {
        let prefix = "woodshed click: ALSA 'wsjack' stopped: "
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return nil }
        let numbers = line.dropFirst(prefix.count).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        return (numbers[0], numbers[1], numbers[2])
    }

    @Test("click 120 --backend alsa --alsa-device wsjack: every click 24000 frames after the last on both channels; at quit, heard = written − the device's delay (a whole number of JACK periods, at most the buffer)",
          .timeLimit(.minutes(3)))
    func clicksOnTheGraphRate() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        let dir = try E2E.tempDir()
        try PipeWireLiveTests.measured("click through the jack PCM") {
            let (r, rec) = try Self.recorded(server, dir: dir, seconds: 3,
                                             ["click", "120", "--backend", "alsa", "--alsa-device", "wsjack", "--for", "5s", "--no-mpris"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.split(separator: "\n").first
                        == "woodshed click: 120 BPM 4/4 · ALSA 'wsjack' · 48000 Hz · 256 frames × 4 · 32-bit float · free · keys on stdin",
                    "\(r.stdout)")
            let found = try Self.clicks(rec)
            let intervals = zip(found, found.dropFirst()).map { $1 - $0 }
            // The server's xruns, the recorder's gaps or the loop's own xruns (the machine under load): taken again.
            let trouble = rec.xruns > 0 || !rec.gaps.isEmpty || !r.stdout.contains("woodshed click: stopped · xruns 0 ·")
            if (found.count < 5 || !intervals.allSatisfy { $0 == 24_000 }) && trouble { return rec }
            #expect(found.count >= 5, "only \(found.count) clicks recorded: \(r.stdout)")
            #expect(intervals.allSatisfy { $0 == 24_000 }, "intervals \(intervals)")
            let p = try #require(Self.position(r.stdout), "no position at quit: \(r.stdout)")
            // After a period is written the buffer (4 × 256) is full, less what JACK took since.
            #expect(p.written % 256 == 0 && p.written >= 4 * 48_000, "\(r.stdout)")
            #expect(p.delay == 1_024 || p.delay == 768, "\(r.stdout)")
            #expect(p.heard == p.written - p.delay, "\(r.stdout)")
            return nil
        }
    }

    @Test("play --backend alsa --alsa-device wsjack: the recording, aligned once (at 1 s), is render --play's to the section's end bit for bit on both channels, then silence",
          .timeLimit(.minutes(3)))
    func playAsRendered() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        let dir = try E2E.tempDir()
        let (options, wantL, wantR) = try PipeWireLiveTests.renderedSection(dir: dir, seconds: 4, to: "3")
        try #require(wantL.count == 144_000)
        try PipeWireLiveTests.measured("play through the jack PCM") {
            let (r, rec) = try Self.recorded(server, dir: dir, seconds: 4,
                                             ["play"] + options + ["--backend", "alsa", "--alsa-device", "wsjack", "--no-mpris"])
            #expect(r.status == 0, "\(r.stderr)")
            let trouble = rec.xruns > 0 || !rec.gaps.isEmpty || !r.stdout.contains("woodshed play: ended · xruns 0")
            let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1)
            // Aligned once, 1 s into the section: the recorder starts after the plugin's ports appear.
            let settled = 48_000
            let mark = Array(wantL[settled..<(settled + 64)])
            guard let at = (0..<max(0, left.count - 64)).first(where: { i in (0..<64).allSatisfy { left[i + $0] == mark[$0] } }) else {
                if trouble { return rec }
                Issue.record("render --play's samples are not in the recording: \(r.stdout)")
                return nil
            }
            let s = at - settled
            let end = min(144_000, left.count - s)
            let mismatch = (settled..<end).first { left[s + $0] != wantL[$0] || right[s + $0] != wantR[$0] }
            let silentAfter = left[(s + end)...].prefix(4_800).allSatisfy { $0 == 0 }
            if (mismatch != nil || end < 144_000 || !silentAfter) && trouble { return rec }
            #expect(r.stdout.contains("woodshed play: ended · xruns "), "\(r.stdout)")
            #expect(end == 144_000, "the recording ends \(144_000 - end) frames before the section's end")
            #expect(mismatch == nil, "the recording differs from render --play at frame \(mismatch ?? 0)")
            #expect(silentAfter, "sound after the section's end")
            return nil
        }
    }

    @Test("the write loop stalled once for 0.3 s (WOODSHED_TEST_ALSA_STALL_MS): the jack PCM reports the xrun, it is counted (xruns 1), and the clicks go on 28800 frames apart (100 BPM) after the silence",
          .timeLimit(.minutes(3)))
    func xrunCountedAndSurvived() throws {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        let dir = try E2E.tempDir()
        try PipeWireLiveTests.measured("a stall through the jack PCM") {
            let (r, rec) = try Self.recorded(server, dir: dir, seconds: 4,
                                             ["click", "100", "--backend", "alsa", "--alsa-device", "wsjack", "--for", "6s", "--no-mpris"],
                                             extraEnvironment: ["WOODSHED_TEST_ALSA_STALL_MS=300"])
            #expect(r.status == 0, "\(r.stderr)")
            let found = try Self.clicks(rec)
            let intervals = zip(found, found.dropFirst()).map { $1 - $0 }
            // 100 BPM: the loop stalls once 48000 frames are written, 19200 after a click (at 120
            // BPM a click was there, and the silence cut it in two).
            let longer = intervals.filter { $0 != 28_800 }
            let stopLine = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
            let counted = stopLine.hasPrefix("woodshed click: stopped · xruns 1 · ")
            // More than the one xrun (the loop ran dry again under load), the server's xruns or the
            // recorder's gaps: taken again. None counted is a failure.
            let more = !counted && !stopLine.hasPrefix("woodshed click: stopped · xruns 0 · ")
            if (!counted || longer.count != 1 || found.count < 6) && (rec.xruns > 0 || !rec.gaps.isEmpty || more) { return rec }
            #expect(counted, "\(r.stdout)")
            #expect(r.stdout.contains(" · xruns 1\n"), "no status line counts it: \(r.stdout)")
            #expect(found.count >= 6, "only \(found.count) clicks recorded: \(r.stdout)")
            // One interval holds the silence the device played while the loop slept (its 0.3 s
            // less the buffer it had, in whole JACK periods until the stream restarted: 13312
            // frames on a quiet machine; a thread woken late under load adds to it); before and
            // after it, every click is 28800 frames after the last.
            #expect(longer.count == 1, "intervals \(intervals)")
            if let gap = longer.first.map({ $0 - 28_800 }) {
                #expect(gap % 256 == 0 && (12_800..<48_000).contains(gap), "silence of \(gap) frames: intervals \(intervals)")
            }
            return nil
        }
    }
}
