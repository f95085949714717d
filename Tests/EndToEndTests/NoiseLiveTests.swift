import Foundation
import Testing
import WoodshedTestSupport

@Suite("woodshed noise on a real JACK server", .serialized)
struct NoiseLiveTests {
    @Test("brown noise --for 2s --fade 0.5s: the ports play exactly what render --noise writes, 96000 frames, then silence; it quits")
    func timedNoise() throws {
        try playsAsRendered(["--noise", "brown", "--seconds", "2", "--fade", "0.5"], live: ["brown", "--for", "2s", "--fade", "0.5s"])
    }

    @Test("notched white noise (--notch 6000:1/2): the ports play exactly what render --noise --notch writes, bit for bit; after the end the notch's ringing stays below -94 dBFS")
    func notchedNoise() throws {
        try playsAsRendered(["--noise", "white", "--seconds", "2", "--fade", "0.5", "--notch", "6000:1/2"],
                            live: ["white", "--for", "2s", "--fade", "0.5s", "--notch", "6000:1/2"], ringing: 2e-5)
    }

    @Test("a noise preset of the user's (pink, -30 dBFS, 2 s, no fade) plays exactly what render writes with those settings")
    func preset() throws {
        let config = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: config) }
        let folder = config.appendingPathComponent("woodshed/noise")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion": 1, "color": "pink", "level": -30, "forSeconds": 2, "fadeSeconds": 0}"#.utf8)
            .write(to: folder.appendingPathComponent("tiny.json"))
        // Without the preset's level or its fade (the default fade would be 1 s here), no frame would match.
        try playsAsRendered(["--noise", "pink", "--noise-level", "-30", "--seconds", "2"], live: ["tiny"],
                            environment: ["XDG_CONFIG_HOME": config.path])
    }

    /// `woodshed noise LIVE…` on a private server plays exactly what `woodshed render RENDER…`
    /// writes (2 s), then silence, and quits when its time is up. A take in which the recorder
    /// missed cycles (xruns on a busy machine) proves nothing about the frames: it is taken
    /// again, up to three times. `ringing`: the largest sample allowed after the end (a notch
    /// rings on, fading, after its input has faded to silence; 0 without one).
    func playsAsRendered(_ render: [String], live: [String], environment: [String: String] = [:], ringing: Float = 0) throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let offline = dir.appendingPathComponent("offline.wav").path
        let r = try E2E.run(E2E.woodshed, ["render", offline] + render + ["--format", "wav32f"])
        try #require(r.status == 0, "\(r.stderr)")
        let want = try E2E.read(offline).samples
        try #require(want.count == 96_000)
        var gaps: [String] = []
        for attempt in 1...3 {
            if try liveTake(want: want, live: live, environment: environment, dir: dir, attempt: attempt, ringing: ringing, gaps: &gaps) {
                return
            }
        }
        Issue.record("the recorder missed cycles in every take: \(gaps)")
    }

    /// One live take compared with the render; false when the recorder missed cycles in it.
    func liveTake(want: [Float], live: [String], environment: [String: String], dir: URL, attempt: Int, ringing: Float,
                  gaps: inout [String]) throws -> Bool {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        // The recorder listens first; woodshed's ports appear and it connects them itself.
        let wav = dir.appendingPathComponent("live-\(attempt).wav").path
        let p = try server.spawn("/usr/bin/env", environment.map { "\($0.key)=\($0.value)" }
                                 + [E2E.woodshed, "noise"] + live + ["--no-connect", "--jack-name", "wsnoise"])
        let up = PrivateJackServer.wait(timeout: 10) { server.ports().contains("wsnoise:music_R") }
        try #require(up, "woodshed noise did not come up: \(server.output(of: p))")
        let rec = try JackRecording.record(server: server, ports: ["wsnoise:music_L", "wsnoise:music_R"], seconds: 3.5, to: wav)
        _ = PrivateJackServer.wait(timeout: 10) { !p.isRunning }
        #expect(!p.isRunning && p.terminationStatus == 0, "\(server.output(of: p))")
        #expect(server.output(of: p).stdout.contains("woodshed noise: time is up"), "\(server.output(of: p))")
        let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1)
        #expect(left == right, "music_L and music_R differ")
        // The recording starts after the noise did: find where in the offline render it begins.
        let first = try #require(left.firstIndex { $0 != 0 }, "no noise recorded")
        let offset = try #require((0..<48_000).first { k in (0..<64).allSatisfy { left[first + $0] == want[k + $0] } },
                                  "the live noise is not the offline render")
        let n = want.count - offset
        guard rec.isFullyRecorded(first..<(first + n + 4_800)) else {
            gaps.append("take \(attempt): \(rec.gaps)")
            return false
        }
        let mismatch = (0..<n).first { left[first + $0] != want[offset + $0] }
        #expect(mismatch == nil, "live differs from offline at offline frame \(offset + (mismatch ?? 0))")
        let after = left[(first + n)..<(first + n + 4_800)].map(abs).max() ?? 0
        #expect(after <= ringing, "noise after the timer's end: \(after)")
        return true
    }
}
