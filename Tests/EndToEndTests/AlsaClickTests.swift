import Foundation
import Glibc
import Testing
import WoodshedTestSupport

/// `woodshed click`, `noise` and `play` on the ALSA backend, through a private ALSA
/// configuration whose PCM is of type `file` over `null`: the stream the write loop plays is
/// written out, sample-exact. That
/// PCM is not paced (it tests bytes, not time), so its file is a FIFO the test drains, keeping
/// the first seconds. No JACK server runs under the names the tests use.
@Suite("woodshed click, noise and play on ALSA (a file PCM)", .serialized)
struct AlsaClickTests {
    /// A JACK server name no test starts: `auto` finds no server under it.
    static let absentServer = "woodshed-alsa-absent"

    /// A private ALSA configuration in `dir` with `pcm.woodshedtest` writing raw frames to the
    /// FIFO `dir/stream.raw`, and the environment that selects it.
    static func environment(_ dir: URL) throws -> [String: String] {
        let fifo = dir.appendingPathComponent("stream.raw").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let conf = dir.appendingPathComponent("asound.conf")
        try Data("pcm.woodshedtest { type file; slave.pcm \"null\"; file \"\(fifo)\"; format raw }\n".utf8).write(to: conf)
        return ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(conf.path)", "JACK_DEFAULT_SERVER": absentServer,
                "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                "XDG_STATE_HOME": dir.appendingPathComponent("state").path,
                "XDG_DATA_HOME": dir.appendingPathComponent("data").path]
    }

    /// Runs woodshed with `args` and `environment`, draining the FIFO `dir/stream.raw` while it
    /// runs: returns its result and the first `keep` bytes of the stream.
    static func run(_ args: [String], dir: URL, environment: [String: String], keep: Int,
                    wrapper: [String] = []) throws -> (E2E.Result, Data) {
        let fifo = dir.appendingPathComponent("stream.raw").path
        let kept = Kept()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            guard fd >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let n = read(fd, &buffer, buffer.count)
                if n <= 0 { break }
                kept.append(buffer[0..<n], upTo: keep)
            }
            close(fd)
            kept.done.signal()
        }
        reader.start()
        let r = wrapper.isEmpty ? try E2E.run(E2E.woodshed, args, environment: environment)
            : try E2E.run(wrapper[0], Array(wrapper.dropFirst()) + [E2E.woodshed] + args, environment: environment)
        // A run that never opened the PCM leaves the reader waiting for a writer: be one, briefly.
        if kept.done.wait(timeout: .now() + 2) == .timedOut {
            let w = open(fifo, O_WRONLY | O_NONBLOCK)
            if w >= 0 { close(w) }
            _ = kept.done.wait(timeout: .now() + 5)
        }
        return (r, kept.data)
    }

    /// The stream's first bytes, collected on the reader thread.
    final class Kept: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes = Data()
        let done = DispatchSemaphore(value: 0)
        func append(_ chunk: ArraySlice<UInt8>, upTo keep: Int) {
            lock.lock(); defer { lock.unlock() }
            if bytes.count < keep { bytes.append(contentsOf: chunk.prefix(keep - bytes.count)) }
        }
        var data: Data { lock.lock(); defer { lock.unlock() }; return bytes }
    }

    /// Interleaved 32-bit float frames, one array per channel.
    static func channels(_ data: Data, count: Int) -> [[Float]] {
        let all = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return (0..<count).map { c in stride(from: c, to: all.count, by: count).map { all[$0] } }
    }

    /// The click starts when the session sends its start (at the top of a period), after the
    /// loop has begun to write: the first onset is on a period boundary of the stream; the test
    /// lets it be anywhere in the first `lead` frames.
    static let lead = 10 * 48_000

    @Test("click 120 --backend alsa: it starts on a period boundary; every click of 10 s after that at k·24000 frames, both channels, the same samples as render")
    func clicksOnTheirFrames() throws {
        let dir = try E2E.tempDir()
        let env = try Self.environment(dir)
        let seconds = 10, rate = 48_000
        let (r, data) = try Self.run(["click", "120", "--backend", "alsa", "--alsa-device", "woodshedtest", "--for", "3s", "--no-mpris"],
                                     dir: dir, environment: env, keep: (Self.lead + seconds * rate) * 2 * 4)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "woodshed click: 120 BPM 4/4 · ALSA 'woodshedtest' · 48000 Hz · 256 frames × 4 · 32-bit float · free · keys on stdin")
        #expect(lines.dropFirst().first == "woodshed click: on ALSA: no JACK transport, JACK MIDI or port connections (MIDI in: --midi-in alsa:NAME)")
        #expect(lines.last == "woodshed click: stopped · xruns 0 · skipped cycles 0 · MIDI 0 messages · 0 mapped · 0 ignored · 0 dropped")
        try #require(data.count == (Self.lead + seconds * rate) * 8, "the stream had \(data.count) bytes")
        let ch = Self.channels(data, count: 2)
        let apart = (0..<ch[0].count).first { ch[0][$0] != ch[1][$0] }
        #expect(apart == nil, "left and right differ at frame \(apart ?? 0)")
        let found = E2E.onsets(ch[0])
        let start = try #require(found.first, "no click in the stream")
        try #require(start < Self.lead, "the click started only at frame \(start)")
        #expect(start % 256 == 0, "the first click is not on a period boundary: \(start)")
        let want = (0..<(2 * seconds)).map { start + $0 * rate / 2 }
        #expect(Array(found.prefix(want.count)) == want)
        // What render writes with the same options, sample for sample from the first click on.
        let wav = dir.appendingPathComponent("render.wav").path
        let rr = try E2E.run(E2E.woodshed, ["render", wav, "120", "--bars", "5", "--format", "wav32f"], environment: env)
        try #require(rr.status == 0, "\(rr.stderr)")
        let offline = try E2E.read(wav).samples
        try #require(offline.count == seconds * rate)
        let mismatch = (0..<offline.count).first { offline[$0] != ch[0][start + $0] }
        #expect(mismatch == nil, "the stream differs from render at frame \(mismatch ?? 0) after the first click")
        #expect(ch[0][..<start].allSatisfy { $0 == 0 }, "sound before the first click")
    }

    @Test("click --backend auto with no JACK server falls back to ALSA and says so; its clicks are on their frames")
    func autoFallsBack() throws {
        let dir = try E2E.tempDir()
        let env = try Self.environment(dir)
        let (r, data) = try Self.run(["click", "90", "--alsa-device", "woodshedtest", "--for", "2s", "--no-mpris"],
                                     dir: dir, environment: env, keep: (Self.lead + 4 * 48_000) * 8)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == [
            "woodshed click: 90 BPM 4/4 · ALSA 'woodshedtest' · 48000 Hz · 256 frames × 4 · 32-bit float · free · keys on stdin",
            "woodshed click: no JACK server '\(Self.absentServer)' is running: playing through ALSA 'woodshedtest'",
            "woodshed click: on ALSA: no JACK transport, JACK MIDI or port connections (MIDI in: --midi-in alsa:NAME)",
        ])
        try #require(data.count == (Self.lead + 4 * 48_000) * 8)
        let found = E2E.onsets(Self.channels(data, count: 2)[0])
        let start = try #require(found.first, "no click in the stream")
        try #require(start < Self.lead)
        // 90 BPM at 48 kHz: a beat every 32000 frames.
        #expect(Array(found.prefix(6)) == [0, 32_000, 64_000, 96_000, 128_000, 160_000].map { start + $0 })
    }

    @Test("click --backend jack with no JACK server: one error line, no fallback")
    func jackWithoutServer() throws {
        let dir = try E2E.tempDir()
        let env = try Self.environment(dir)
        let r = try E2E.run(E2E.woodshed, ["click", "120", "--backend", "jack", "--alsa-device", "woodshedtest", "--for", "1s", "--no-mpris"],
                            environment: env)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "Error: no JACK server '\(Self.absentServer)' is running. Start one, e.g.: jackd -d alsa   (or, with no sound card: jackd --no-realtime -d dummy)\n")
    }

    @Test("click --backend alsa with JACK-only options or an unknown device: one error line each")
    func alsaRefusals() throws {
        let dir = try E2E.tempDir()
        let env = try Self.environment(dir)
        let transport = try E2E.run(E2E.woodshed, ["click", "120", "--backend", "alsa", "--alsa-device", "woodshedtest", "--transport", "follow",
                                                   "--no-mpris"], environment: env)
        #expect(transport.status == 1)
        #expect(transport.stderr == "Error: --transport follow needs JACK; the ALSA backend has no JACK transport, JACK MIDI or port connections\n")
        let unknown = try E2E.run(E2E.woodshed, ["click", "120", "--backend", "alsa", "--alsa-device", "nosuchpcm", "--no-mpris"], environment: env)
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "Error: cannot open the ALSA device 'nosuchpcm': No such file or directory (list devices with: aplay -L; choose one with --alsa-device NAME)\n")
        let bad = try E2E.run(E2E.woodshed, ["click", "120", "--backend", "pulse"], environment: env)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --backend must be auto, jack or alsa, not 'pulse'\n"))
    }

    @Test("click with neither a JACK server nor an ALSA device that opens: one error line with both reasons")
    func neither() throws {
        let dir = try E2E.tempDir()
        let env = try Self.environment(dir)
        let r = try E2E.run(E2E.woodshed, ["click", "120", "--alsa-device", "nosuchpcm", "--for", "1s", "--no-mpris"], environment: env)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "Error: no JACK server '\(Self.absentServer)' is running. Start one, e.g.: jackd -d alsa   (or, with no sound card: jackd --no-realtime -d dummy)"
                + "; and ALSA: cannot open the ALSA device 'nosuchpcm': No such file or directory (list devices with: aplay -L; choose one with --alsa-device NAME)\n")
    }

    @Test("noise brown --for 2s --fade 0.5s --backend alsa: both channels are exactly what render --noise writes, 96000 frames, then silence")
    func noiseAsRendered() throws {
        let dir = try E2E.tempDir()
        let env = try Self.environment(dir)
        let (r, data) = try Self.run(["noise", "brown", "--for", "2s", "--fade", "0.5s", "--backend", "alsa", "--alsa-device", "woodshedtest",
                                      "--no-mpris"], dir: dir, environment: env, keep: 100_800 * 8)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "woodshed noise: on ALSA: no JACK transport, JACK MIDI or port connections (MIDI in: --midi-in alsa:NAME)")
        #expect(lines.last == "woodshed noise: time is up · xruns 0")
        let wav = dir.appendingPathComponent("offline.wav").path
        let rr = try E2E.run(E2E.woodshed, ["render", wav, "--noise", "brown", "--seconds", "2", "--fade", "0.5", "--format", "wav32f"],
                             environment: env)
        try #require(rr.status == 0, "\(rr.stderr)")
        let want = try E2E.read(wav).samples
        try #require(want.count == 96_000)
        try #require(data.count == 100_800 * 8, "the stream had \(data.count) bytes")
        let ch = Self.channels(data, count: 2)
        let apart = (0..<ch[0].count).first { ch[0][$0] != ch[1][$0] }
        #expect(apart == nil, "left and right differ at frame \(apart ?? 0)")
        let mismatch = (0..<want.count).first { ch[0][$0] != want[$0] }
        #expect(mismatch == nil, "the stream differs from render at frame \(mismatch ?? 0)")
        #expect(ch[0][96_000...].allSatisfy { $0 == 0 }, "noise after the timer's end")
    }

    @Test("click on ALSA without the right to SCHED_FIFO: it plays on and says so once")
    func noRealtimePriority() throws {
        let dir = try E2E.tempDir()
        let env = try Self.environment(dir)
        // No real-time priority limit; as root, also without CAP_SYS_NICE.
        let wrapper = ["/usr/bin/prlimit", "--rtprio=0"]
            + (getuid() == 0 ? ["/usr/bin/setpriv", "--bounding-set=-sys_nice", "--inh-caps=-sys_nice", "--"] : [])
        let (r, data) = try Self.run(["click", "120", "--backend", "alsa", "--alsa-device", "woodshedtest", "--for", "1s", "--no-mpris"],
                                     dir: dir, environment: env, keep: (Self.lead + 48_000) * 8, wrapper: wrapper)
        #expect(r.status == 0, "\(r.stderr)")
        let said = r.stdout.split(separator: "\n").filter { $0.contains("real-time") }
        #expect(said == ["woodshed click: no real-time priority for the ALSA thread (SCHED_FIFO: Operation not permitted); xruns are more likely"])
        let found = E2E.onsets(Self.channels(data, count: 2)[0])
        let start = try #require(found.first, "no click in the stream")
        #expect(Array(found.prefix(2)) == [start, start + 24_000])
    }

    @Test("play FILE with no JACK server plays on ALSA: its start line names the device, and the music reaches the stream")
    func playOnAlsa() throws {
        let dir = try E2E.tempDir()
        let env = try Self.environment(dir)
        let song = dir.appendingPathComponent("song.wav").path
        try TestAudio.write(song, (0..<(2 * 48_000)).map { Float(sin(Double($0) * 2 * .pi * 440 / 48_000) * 0.5) })
        let (r, data) = try Self.run(["play", song, "--for", "1s", "--alsa-device", "woodshedtest", "--no-mpris"],
                                     dir: dir, environment: env, keep: 48_000 * 8)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix(" · ALSA 'woodshedtest' · 48000 Hz · 256 frames × 4 · 32-bit float · xruns 0 · keys on stdin") == true,
                "\(lines.first ?? "")")
        #expect(Array(lines.dropFirst().prefix(2)) == [
            "woodshed play: no JACK server '\(Self.absentServer)' is running: playing through ALSA 'woodshedtest'",
            "woodshed play: on ALSA: no JACK transport, JACK MIDI or port connections (MIDI in: --midi-in alsa:NAME)",
        ])
        // This PCM is not paced, so the player's worker falls behind it (underruns): only that
        // the music arrives is checked here, on both channels.
        let ch = Self.channels(data, count: 2)
        #expect(ch[0].contains { $0 != 0 } && ch[1].contains { $0 != 0 }, "no music in the stream")
    }
}
