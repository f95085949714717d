import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed play --notch` (and `--filter`, `--karaoke`) on a real JACK server: the music ports
/// carry what `render --play` with the same options writes. Live, play starts paused and fades in over 128 frames from the pause, so the
/// filters' state differs from the render's for a moment; once that has died away every sample is
/// the render's, bit for bit.
@Suite("woodshed play --notch on a real JACK server", .serialized)
struct NotchLiveTests {
    @Test("play --notch 4000: from 0.25 s on, music_L and music_R are render --play --notch 4000's, bit for bit",
          .timeLimit(.minutes(4)))
    func notchedPlay() throws {
        try PlayLiveTests.measured("notched play") { try playOnce(["--notch", "4000"], name: "wsnotch") }
    }

    @Test("play --filter band:300-3000 --karaoke: from 0.25 s on, music_L and music_R are render --play with the same options, bit for bit",
          .timeLimit(.minutes(4)))
    func filteredPlay() throws {
        try PlayLiveTests.measured("filtered play") { try playOnce(["--filter", "band:300-3000", "--karaoke"], name: "wsfilter") }
    }

    /// One run of `play` with `filters` as client `name` against `render --play` with them;
    /// returns the recording when it had xruns (nothing checked), nil when checked.
    func playOnce(_ filters: [String], name: String) throws -> JackRecording? {
        let server = try PrivateJackServer(rate: 48_000, period: 256)
        defer { server.stop() }
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("pink.wav").path
        let sox = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", song, "synth", "2", "pinknoise", "vol", "0.3"])
        try #require(sox.status == 0, "\(sox.stderr)")
        let options = [song, "--from", "0", "--to", "1.5", "--repeat", "1", "--crossfade", "0"] + filters
        let offline = dir.appendingPathComponent("offline.wav").path
        let r = try E2E.run(E2E.woodshed, ["render", offline, "--play"] + options + ["--stems", "--format", "wav32f"])
        try #require(r.status == 0, "\(r.stderr)")
        let rendered = try TestAudio.read(offline)
        let wantL = rendered.channel(0), wantR = rendered.channel(1)
        try #require(wantL.count == 72_000)
        let p = try LivePlay.start(server, name: name, dir: dir, options)
        defer { PrivateJackServer.terminate(p) }
        let wav = dir.appendingPathComponent("music.wav").path
        let recorder = try JackRecording.start(server: server, client: "rec\(name)", ports: ["\(name):music_L", "\(name):music_R"], seconds: 4, to: wav)
        let sent = try MIDIPeers.send(server: server, to: "\(name):midi_in", events: LivePlay.press(60, at: 0), lead: 24_000)
        _ = PrivateJackServer.wait(timeout: 15) { !p.isRunning }
        _ = PrivateJackServer.wait(timeout: 15) { !recorder.isRunning }
        let rec = try JackRecording(path: wav)
        let left = try rec.samples(channel: 0), right = try rec.samples(channel: 1)
        let s = try #require(left.firstIndex { $0 != 0 }, "no music recorded")
        try #require(s + 72_000 <= left.count, "the recording ends too soon")
        let settled = 12_000  // 0.25 s: the fade-in's trace in the filters' state is long gone
        let shift = (-4...4).first { d in (0..<64).allSatisfy { left[s + d + settled + $0] == wantL[settled + $0] } }
        let mismatch = shift.flatMap { d in (settled..<72_000).first { left[s + d + $0] != wantL[$0] || right[s + d + $0] != wantR[$0] } }
        let exact = shift != nil && mismatch == nil
        // The player's own word on what it played cleanly: frames its deck filled with silence
        // because the worker was late (the music ring empty) are no fault of the graph.
        let dry = LivePlay.underrunFrames(server.output(of: p).stdout) ?? 0
        if !exact && (rec.xruns > 0 || !rec.gaps.isEmpty || sent.contains(where: { $0.late }) || dry > 0) {
            print("NotchLiveTests \(filters): differs at frame \(mismatch ?? -1); xruns \(rec.xruns), underrun frames \(dry): measured again")
            return rec
        }
        #expect(shift != nil, "the live music is not the render with \(filters)")
        #expect(mismatch == nil, "live differs from render \(filters) at frame \(mismatch ?? 0) (underrun frames \(dry), xruns \(rec.xruns)): \(server.output(of: p).stdout)")
        #expect(p.terminationStatus == 0, "\(server.output(of: p))")
        return nil
    }
}
