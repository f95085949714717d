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

    /// The "bar N ·" lines in `stdout` after the first line containing `marker`.
    static func bars(_ stdout: String, after marker: String) -> Int {
        guard let r = stdout.range(of: marker) else { return 0 }
        return stdout[r.upperBound...].split(separator: "\n").filter { $0.hasPrefix("bar ") }.count
    }

    /// Checks that the recording's clicks come every `interval` frames on both channels (at
    /// least `count` of them after its first 0.1 s); returns the recording when they do not and it had xruns or gaps.
    static func checkClicks(_ rec: JackRecording, _ r: E2E.Result, interval: Int, count: Int) throws -> JackRecording? {
        let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1)
        // A recording that starts inside a click cuts it: onsets from 0.1 s on.
        let cut = rec.rate / 10
        let found = E2E.onsets(left).filter { $0 >= cut }
        let intervals = zip(found, found.dropFirst()).map { $1 - $0 }
        let exact = found.count >= count && intervals.allSatisfy { $0 == interval }
        if !exact && (rec.xruns > 0 || !rec.gaps.isEmpty) { return rec }
        #expect(found.count >= count, "only \(found.count) clicks recorded: \(r.stdout)")
        #expect(intervals.allSatisfy { $0 == interval }, "intervals \(intervals)")
        #expect(E2E.onsets(right).filter { $0 >= cut } == found, "the right channel's clicks differ")
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
            return try Self.checkClicks(rec, r, interval: 24_000, count: 5)
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
            return try Self.checkClicks(rec, r, interval: 24_000, count: 5)
        }
    }

    @Test("play under pw-jack: the sink's recording, aligned once, is render --play's from 0.25 s to the end, bit for bit on both channels",
          .timeLimit(.minutes(3)))
    func playAsRendered() throws {
        try Self.playAsRendered(wrapper: ["/usr/bin/pw-jack"], [], "play under pw-jack")
    }

    @Test("play --backend alsa --alsa-device pipewire: the sink's recording, aligned once, is render --play's from 0.25 s to the end, bit for bit on both channels",
          .timeLimit(.minutes(3)))
    func playThroughAlsaPluginAsRendered() throws {
        try Self.playAsRendered(wrapper: ["/usr/bin/env"], ["--backend", "alsa", "--alsa-device", "pipewire"], "play through ALSA's pipewire plugin")
    }

    /// A `seconds`-long pink-noise song (stereo, 48 kHz) in `dir`, the `play` options for its
    /// section from 0 to `to` once without a crossfade, and `render --play`'s left and right for
    /// them (32-bit float).
    static func renderedSection(dir: URL, seconds: Int, to: String) throws -> (options: [String], left: [Float], right: [Float]) {
        let song = dir.appendingPathComponent("pink.wav").path
        let sox = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", song, "synth", "\(seconds)", "pinknoise", "vol", "0.3"])
        try #require(sox.status == 0, "\(sox.stderr)")
        let options = [song, "--from", "0", "--to", to, "--repeat", "1", "--crossfade", "0"]
        let offline = dir.appendingPathComponent("offline.wav").path
        let rr = try E2E.run(E2E.woodshed, ["render", offline, "--play"] + options + ["--stems", "--format", "wav32f"])
        try #require(rr.status == 0, "\(rr.stderr)")
        let rendered = try TestAudio.read(offline)
        return (options, rendered.channel(0), rendered.channel(1))
    }

    /// `play` of a 1.5 s section of pink noise (after `wrapper`, with `backend`'s options) on the
    /// sink against `render --play` with the same options.
    static func playAsRendered(wrapper: [String], _ backend: [String], _ what: String) throws {
        let pw = try PrivatePipeWire()
        let dir = try E2E.tempDir()
        let (options, wantL, wantR) = try renderedSection(dir: dir, seconds: 2, to: "1.5")
        try #require(wantL.count == 72_000)
        try measured(what) {
            let (r, rec) = try recorded(pw, dir: dir, seconds: 6, wrapper: wrapper, ["play"] + options + backend + ["--no-mpris"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("woodshed play: ended · xruns"), "\(r.stdout)")
            let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1)
            // Aligned once, at 0.25 s: under pw-jack, play starts when the client is activated and
            // its ports are connected to the sink a cycle or two later, one after the other.
            let settled = 12_000
            let mark = Array(wantL[settled..<(settled + 64)])
            let at = try #require((0..<max(0, left.count - 72_000 - 4_800)).first { i in (0..<64).allSatisfy { left[i + settled + $0] == mark[$0] } },
                                  "render --play's samples are not in the recording: \(r.stdout)")
            let s = at
            let first = left.firstIndex { $0 != 0 } ?? -1
            let mismatch = (settled..<72_000).first { left[s + $0] != wantL[$0] || right[s + $0] != wantR[$0] }
            let silentAfter = left[(s + 72_000)..<(s + 72_000 + 4_800)].allSatisfy { $0 == 0 }
            if (mismatch != nil || !silentAfter) && (rec.xruns > 0 || !rec.gaps.isEmpty) { return rec }
            #expect(mismatch == nil, "the sink differs from render --play at frame \(mismatch ?? 0) (first sound at \(first))")
            #expect(silentAfter, "sound after the section's end")
            return nil
        }
    }

    @Test("click under pw-jack while PipeWire restarts: woodshed says the server is gone, reconnects, and clicks 24000 frames apart on the new server",
          .timeLimit(.minutes(3)))
    func reconnectsWhenPipeWireRestarts() throws {
        try Self.clickAcrossRestart("pw-jack", [E2E.woodshed, "click", "120", "--for", "20s", "--no-mpris"],
                                    gone: "woodshed click: JACK server gone; reconnecting (state kept)",
                                    back: "woodshed click: reconnected to JACK 'default' at 48000 Hz")
    }

    /// Runs `program args` (a 120 BPM click) on a private PipeWire, restarts PipeWire after its
    /// first bar, and checks the lines `gone` and `back`, then the clicks on the new server's
    /// sink: 24000 frames apart.
    static func clickAcrossRestart(_ program: String, _ args: [String], gone: String, back: String) throws {
        let pw = try PrivatePipeWire()
        let dir = try E2E.tempDir()
        let p = try pw.spawn(program, args, name: "woodshed")
        defer { PrivateJackServer.terminate(p) }
        let up = PrivateJackServer.wait(timeout: 15) { pw.output(of: "woodshed").stdout.contains("bar 1 ·") }
        try #require(up, "woodshed did not start: \(pw.output(of: "woodshed"))")
        try pw.restart()
        // Back once it has played two bars after saying so (JACK's connections are restored within a second).
        let returned = PrivateJackServer.wait(timeout: 15) { bars(pw.output(of: "woodshed").stdout, after: back) >= 2 }
        let out = pw.output(of: "woodshed").stdout
        #expect(out.contains(gone + "\n"), "\(out)")
        try #require(returned, "not back within 15 s: \(out)")
        try measured("clicks after the restart") {
            let wav = dir.appendingPathComponent("after-\(UUID().uuidString.prefix(6)).wav").path
            let recorder = try pw.startRecording(ports: PrivatePipeWire.monitorPorts, seconds: 3, to: wav)
            defer { PrivateJackServer.terminate(recorder) }
            _ = PrivateJackServer.wait(timeout: 15) { !recorder.isRunning }
            let rec = try JackRecording(path: wav)
            return try checkClicks(rec, E2E.Result(status: 0, stdout: out, stderr: ""), interval: 24_000, count: 5)
        }
    }

    @Test("transport follow under pw-jack: jack_transport as master starts woodshed and sets its tempo, 90 then 150 BPM",
          .timeLimit(.minutes(3)))
    func followsTransport() throws {
        let pw = try PrivatePipeWire()
        let p = try pw.spawn("pw-jack", [E2E.woodshed, "click", "120", "--transport", "follow", "--for", "9s", "--no-mpris"], name: "woodshed")
        defer { PrivateJackServer.terminate(p) }
        let up = PrivateJackServer.wait(timeout: 15) { pw.output(of: "woodshed").stdout.contains(" · follow · keys on stdin") }
        try #require(up, "woodshed did not start: \(pw.output(of: "woodshed"))")
        _ = try pw.run("/bin/sh", ["-c", "(echo master; sleep 0.3; echo 'tempo 90'; sleep 0.3; echo play; sleep 3; echo 'tempo 150'; sleep 3; echo stop; sleep 1; echo quit) | pw-jack jack_transport"],
                       timeout: 20)
        _ = PrivateJackServer.wait(timeout: 10) { !p.isRunning }
        let lines = pw.output(of: "woodshed").stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix(" · 90 BPM · 4/4 · follow · rolling · xruns 0") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(" · 150 BPM · 4/4 · follow · rolling · xruns 0") }, "\(lines)")
        #expect(!lines.contains { $0.contains(" · 120 BPM · 4/4 · follow · rolling") }, "\(lines)")
    }

    @Test("transport master under pw-jack: jack_showtime sees the transport roll with woodshed's bar, beat (1…7 in 7/8) and tick",
          .timeLimit(.minutes(3)))
    func publishesBarBeatTick() throws {
        let pw = try PrivatePipeWire()
        let p = try pw.spawn("pw-jack", [E2E.woodshed, "click", "133", "--meter", "7/8", "--transport", "master", "--for", "14s", "--no-mpris"],
                             name: "woodshed")
        defer { PrivateJackServer.terminate(p) }
        let up = PrivateJackServer.wait(timeout: 15) { pw.output(of: "woodshed").stdout.contains(" · master · keys on stdin") }
        try #require(up, "woodshed did not start: \(pw.output(of: "woodshed"))")
        let driver = try pw.spawn("/bin/sh", ["-c", "(echo play; sleep 8; echo stop; sleep 0.5; echo quit) | pw-jack jack_transport"], name: "transport")
        defer { PrivateJackServer.terminate(driver) }
        // "frame = 77824  frame_time = …  state: Rolling	BBT:   2|1|0178"
        func rolling(_ printed: String) -> [[Int]] {
            printed.split(separator: "\n").filter { $0.contains("state: Rolling") }.compactMap { line -> [Int]? in
                guard let r = line.range(of: "BBT:") else { return nil }
                let parts = line[r.upperBound...].trimmingCharacters(in: .whitespaces).split(separator: "|").compactMap { Int($0) }
                return parts.count == 3 ? parts : nil
            }
        }
        // jack_showtime for 2 s at a time, until a run of it saw the transport roll over a bar line
        // (jack_transport's play reaches the server a moment after it starts; it rolls for 8 s).
        var shown = (status: Int32(0), stdout: "", stderr: "")
        var bbt: [[Int]] = []
        _ = try PrivateJackServer.wait(timeout: 10) {
            let r = try pw.run("pw-jack", ["jack_showtime"], timeout: 2)
            shown = (r.status, r.stdout, r.stderr)
            bbt = rolling(r.stdout)
            return bbt.count > 10 && Set(bbt.map { $0[0] }).count >= 2
        }
        try #require(bbt.count > 10, "jack_showtime saw no rolling transport: \(shown.stdout.prefix(400))")
        #expect(bbt.allSatisfy { (1...7).contains($0[1]) && (0..<1920).contains($0[2]) }, "\(bbt.prefix(20))")
        #expect(bbt.allSatisfy { $0[0] >= 1 } && Set(bbt.map { $0[0] }).count >= 2, "the bar did not advance: \(bbt.prefix(20))")
        _ = PrivateJackServer.wait(timeout: 25) { !p.isRunning }
        #expect(pw.output(of: "woodshed").stdout.contains(" · 133 BPM · 7/8 · master · rolling · xruns"), "\(pw.output(of: "woodshed").stdout)")
    }

    @Test("click --backend alsa --alsa-device pipewire while PipeWire restarts: woodshed says the device failed, reopens it, and clicks 24000 frames apart again",
          .timeLimit(.minutes(3)))
    func reopensAlsaWhenPipeWireRestarts() throws {
        try Self.clickAcrossRestart(E2E.woodshed, ["click", "120", "--backend", "alsa", "--alsa-device", "pipewire", "--for", "20s", "--no-mpris"],
                                    gone: "woodshed click: ALSA 'pipewire' failed: Broken pipe; reopening (state kept)",
                                    back: "woodshed click: reopened ALSA 'pipewire' at 48000 Hz")
    }

    @Test("auto with no JACK server where ALSA's default is PipeWire (pipewire-alsa) and no PipeWire runs: one error line within 5 s, both reasons")
    func defaultIsPipeWireWithoutDaemon() throws {
        let dir = try E2E.tempDir()
        let runtime = dir.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // As /etc/alsa/conf.d/99-pipewire-default.conf makes it, whether or not it is installed here.
        let conf = dir.appendingPathComponent("asound.conf")
        try Data("pcm.!default { type pipewire }\n".utf8).write(to: conf)
        let started = Date()
        let r = try E2E.run(E2E.woodshed, ["click", "120", "--for", "1s", "--no-mpris"], environment: [
            "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(conf.path)", "JACK_DEFAULT_SERVER": AlsaClickTests.absentServer,
            "JACK_NO_START_SERVER": "1", "XDG_RUNTIME_DIR": runtime.path, "PIPEWIRE_RUNTIME_DIR": runtime.path,
            "XDG_STATE_HOME": dir.appendingPathComponent("state").path, "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
        ])
        let seconds = Date().timeIntervalSince(started)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "Error: no JACK server '\(AlsaClickTests.absentServer)' is running. Start one, e.g.: jackd -d alsa   (or, with no sound card: jackd --no-realtime -d dummy)"
                + "; and ALSA: cannot open the ALSA device 'default': Host is down (list devices with: aplay -L; choose one with --alsa-device NAME)\n")
        #expect(seconds < 5, "it took \(seconds) s")
    }
}
