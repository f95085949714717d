import Foundation
import Testing
import WoodshedTestSupport

/// Woodshed on PipeWire as a desktop runs it (`PrivatePipeWire`: a session bus, `pipewire`,
/// `wireplumber` and a null sink of our own): through PipeWire's JACK (`pw-jack woodshed …`) and
/// through ALSA's `pipewire` plugin (`--backend alsa --alsa-device pipewire`), recorded from the
/// sink's monitor with `pw-record`. The recording starts before woodshed, so its first onset is
/// anywhere; what is checked is every interval after it, and for `play` the samples once aligned.
@Suite("woodshed on a private PipeWire (pw-jack and ALSA's pipewire plugin)", .serialized)
struct PipeWireLiveTests {
    /// Woodshed's own folders under `dir`, beside PipeWire's environment.
    static func environment(_ pw: PrivatePipeWire, _ dir: URL) -> [String: String] {
        var env = pw.environment
        env["XDG_DATA_HOME"] = dir.appendingPathComponent("data").path
        env["XDG_CACHE_HOME"] = dir.appendingPathComponent("cache").path
        return env
    }

    /// Runs `attempt` up to three times: a take whose recording had xruns or missed cycles (this
    /// VM under load) measures the machine, not woodshed, and is taken again. `attempt` returns
    /// the recording of a take it did not check, nil when it checked it.
    static func measured(_ what: String, _ attempt: () throws -> JackRecording?) throws {
        var trouble: [String] = []
        for _ in 1...3 {
            if let rec = try attempt() { trouble.append("xruns \(rec.xruns), gaps \(rec.gaps)") } else { return }
        }
        Issue.record("\(what): every take had xruns or missed cycles: \(trouble)")
    }

    /// Records the sink's monitor for `seconds` while woodshed runs with `args` (after
    /// `wrapper`), and returns its result and the recording.
    static func recorded(_ pw: PrivatePipeWire, dir: URL, seconds: Int, wrapper: [String], _ args: [String]) throws
        -> (E2E.Result, JackRecording)
    {
        let wav = dir.appendingPathComponent("sink-\(UUID().uuidString.prefix(6)).wav").path
        let recorder = try pw.startRecording(ports: PrivatePipeWire.monitorPorts, seconds: seconds, to: wav)
        defer { PrivateJackServer.terminate(recorder) }
        let r = try E2E.run(wrapper[0], Array(wrapper.dropFirst()) + [E2E.woodshed] + args, environment: environment(pw, dir))
        _ = PrivateJackServer.wait(timeout: Double(seconds) + 10) { !recorder.isRunning }
        let rec = try JackRecording(path: wav)
        return (r, rec)
    }

    /// Checks that the recording's clicks come every `interval` frames on both channels (at
    /// least `count` of them); returns the recording when they do not and it had xruns or gaps.
    static func checkClicks(_ rec: JackRecording, _ r: E2E.Result, interval: Int, count: Int) throws -> JackRecording? {
        let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1)
        let found = E2E.onsets(left)
        let intervals = zip(found, found.dropFirst()).map { $1 - $0 }
        let exact = found.count >= count && intervals.allSatisfy { $0 == interval }
        if !exact && (rec.xruns > 0 || !rec.gaps.isEmpty) { return rec }
        #expect(found.count >= count, "only \(found.count) clicks recorded: \(r.stdout)")
        #expect(intervals.allSatisfy { $0 == interval }, "intervals \(intervals)")
        #expect(E2E.onsets(right) == found, "the right channel's clicks differ")
        return nil
    }

    @Test("click 120 under pw-jack: it connects to the sink, every click 24000 frames after the last, both channels",
          .timeLimit(.minutes(3)))
    func clickOnPipeWireJack() throws {
        let pw = try PrivatePipeWire()
        let dir = try E2E.tempDir()
        try Self.measured("click under pw-jack") {
            let (r, rec) = try Self.recorded(pw, dir: dir, seconds: 6, wrapper: ["/usr/bin/pw-jack"],
                                             ["click", "120", "--for", "3s", "--no-mpris"])
            #expect(r.status == 0, "\(r.stderr)")
            let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasPrefix("woodshed click: 120 BPM 4/4 · JACK 'default' · 48000 Hz · "), "\(r.stdout)")
            #expect(first.contains(" · client woodshed → woodshed-sink:playback_FL, woodshed-sink:playback_FR · "), "\(r.stdout)")
            return try Self.checkClicks(rec, r, interval: 24_000, count: 6)
        }
    }

    @Test("click 120 --backend alsa --alsa-device pipewire: paced by the sink, every click 24000 frames after the last; the start line names the device",
          .timeLimit(.minutes(3)))
    func clickThroughAlsaPlugin() throws {
        let pw = try PrivatePipeWire()
        let dir = try E2E.tempDir()
        try Self.measured("click through ALSA's pipewire plugin") {
            let (r, rec) = try Self.recorded(pw, dir: dir, seconds: 6, wrapper: ["/usr/bin/env"],
                                             ["click", "120", "--backend", "alsa", "--alsa-device", "pipewire", "--for", "3s", "--no-mpris"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.split(separator: "\n").first
                        == "woodshed click: 120 BPM 4/4 · ALSA 'pipewire' · 48000 Hz · 256 frames × 4 · 32-bit float · free · keys on stdin",
                    "\(r.stdout)")
            return try Self.checkClicks(rec, r, interval: 24_000, count: 6)
        }
    }

    @Test("play under pw-jack: the sink's recording, aligned once on its first sound, is render --play's, bit for bit on both channels",
          .timeLimit(.minutes(3)))
    func playAsRendered() throws {
        let pw = try PrivatePipeWire()
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent("pink.wav").path
        let sox = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", song, "synth", "2", "pinknoise", "vol", "0.3"])
        try #require(sox.status == 0, "\(sox.stderr)")
        let options = [song, "--from", "0", "--to", "1.5", "--repeat", "1", "--crossfade", "0"]
        let offline = dir.appendingPathComponent("offline.wav").path
        let rr = try E2E.run(E2E.woodshed, ["render", offline, "--play"] + options + ["--stems", "--format", "wav32f"])
        try #require(rr.status == 0, "\(rr.stderr)")
        let rendered = try TestAudio.read(offline)
        let wantL = rendered.channel(0), wantR = rendered.channel(1)
        try #require(wantL.count == 72_000)
        try Self.measured("play under pw-jack") {
            let (r, rec) = try Self.recorded(pw, dir: dir, seconds: 6, wrapper: ["/usr/bin/pw-jack"], ["play"] + options + ["--no-mpris"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("woodshed play: ended · xruns"), "\(r.stdout)")
            let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1)
            let s = try #require(left.firstIndex { $0 != 0 }, "no music recorded: \(r.stdout)")
            try #require(s + 72_000 + 4_800 <= left.count, "the recording ends too soon")
            let mismatch = (0..<72_000).first { left[s + $0] != wantL[$0] || right[s + $0] != wantR[$0] }
            let silentAfter = left[(s + 72_000)..<(s + 72_000 + 4_800)].allSatisfy { $0 == 0 }
            if (mismatch != nil || !silentAfter) && (rec.xruns > 0 || !rec.gaps.isEmpty) { return rec }
            #expect(mismatch == nil, "the sink differs from render --play at frame \(mismatch ?? 0)")
            #expect(silentAfter, "sound after the section's end")
            return nil
        }
    }

    @Test("click under pw-jack while PipeWire restarts: woodshed says the server is gone, reconnects, and clicks 24000 frames apart on the new server",
          .timeLimit(.minutes(3)))
    func reconnectsWhenPipeWireRestarts() throws {
        let pw = try PrivatePipeWire()
        let dir = try E2E.tempDir()
        let p = try pw.spawn("pw-jack", [E2E.woodshed, "click", "120", "--for", "20s", "--no-mpris"], name: "woodshed")
        defer { PrivateJackServer.terminate(p) }
        let up = PrivateJackServer.wait(timeout: 15) { pw.output(of: "woodshed").stdout.contains("bar 1 ·") }
        try #require(up, "woodshed did not start: \(pw.output(of: "woodshed"))")
        try pw.restart()
        let back = PrivateJackServer.wait(timeout: 15) { pw.output(of: "woodshed").stdout.contains("reconnected to JACK") }
        let out = pw.output(of: "woodshed").stdout
        #expect(out.contains("woodshed click: JACK server gone; reconnecting (state kept)\n"), "\(out)")
        try #require(back, "no reconnect within 15 s: \(out)")
        #expect(out.contains("woodshed click: reconnected to JACK 'default' at 48000 Hz\n"), "\(out)")
        // The new server's sink hears it again, on the beat grid.
        try Self.measured("clicks after the reconnect") {
            let wav = dir.appendingPathComponent("after-\(UUID().uuidString.prefix(6)).wav").path
            let recorder = try pw.startRecording(ports: PrivatePipeWire.monitorPorts, seconds: 3, to: wav)
            defer { PrivateJackServer.terminate(recorder) }
            _ = PrivateJackServer.wait(timeout: 15) { !recorder.isRunning }
            let rec = try JackRecording(path: wav)
            return try Self.checkClicks(rec, E2E.Result(status: 0, stdout: out, stderr: ""), interval: 24_000, count: 5)
        }
    }
}
