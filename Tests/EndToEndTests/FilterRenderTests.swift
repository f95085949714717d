import Foundation
import Testing
import WoodshedTestSupport

/// `render --play --filter/--karaoke`: the listening filters offline, through the same output
/// graph nodes as `play` (their responses are measured in RenderGraphTests/FilterTests).
@Suite("render --play --filter and --karaoke: deterministic, the click untouched, bad values in one line")
struct FilterRenderTests {
    @Test("render --play --stems --filter band:300-3000 --karaoke twice: the same samples, bit for bit; the click channel byte-identical to the render without; the music changed; the line names both")
    func deterministic() throws {
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent("song.wav").path
        let sox = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", song, "synth", "3", "pinknoise", "vol", "0.3"])
        #expect(sox.status == 0, "\(sox.stderr)")
        let plain = dir.appendingPathComponent("plain.wav").path
        let args = ["--play", song, "--from", "0", "--to", "2", "--click", "120", "--stems", "--format", "wav32f"]
        #expect(try E2E.run(E2E.woodshed, ["render", plain] + args).status == 0)
        var outputs: [Data] = []
        for name in ["a.wav", "b.wav"] {
            let path = dir.appendingPathComponent(name).path
            let r = try E2E.run(E2E.woodshed, ["render", path] + args + ["--filter", "band:300-3000", "--karaoke"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout == "wrote \(path): song.wav · WAV stereo 48000 Hz · 0:00.000–0:02.000 · ×1 · speed 1×, band 300–3000 Hz, karaoke, 0:02.000 (96000 frames at 48000 Hz, wav32f, stems: music L, music R, click)\n")
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        // The same samples, bit for bit. (Not the same bytes: libsndfile's PEAK chunk in a float
        // WAV carries the time of writing, so two renders a second apart differ there.)
        #expect(outputs[0].count == outputs[1].count)
        let first = try TestAudio.read(dir.appendingPathComponent("a.wav").path), second = try TestAudio.read(dir.appendingPathComponent("b.wav").path)
        #expect((0..<3).allSatisfy { first.channel($0).map(\.bitPattern) == second.channel($0).map(\.bitPattern) })
        let a = try TestAudio.read(plain), b = try TestAudio.read(dir.appendingPathComponent("a.wav").path)
        #expect(a.channels == 3 && b.channels == 3)
        #expect(a.channel(2).contains { $0 != 0 })
        #expect(a.channel(2).map(\.bitPattern) == b.channel(2).map(\.bitPattern))
        #expect(a.channel(0) != b.channel(0) && a.channel(1) != b.channel(1))
    }

    @Test("bad --filter values and --filter without --play: one line each, nothing written")
    func errors() throws {
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent("song.wav").path
        #expect(try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", song, "synth", "1", "sine", "440"]).status == 0)
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let path = out.appendingPathComponent("x.wav").path
        let cases: [([String], String)] = [
            (["--play", song, "--filter", "notch:300"],
             "Error: --filter kind 'notch' is unknown: use lowpass:FREQ, highpass:FREQ or band:LO-HI (e.g. lowpass:800 or band:200-2000)\n"),
            (["--play", song, "--filter", "band:2000-200"], "Error: --filter band 2000-200: LO must be below HI (e.g. band:200-2000)\n"),
            (["--play", song, "--filter", "lowpass:10"], "Error: --filter frequency 10 Hz is out of range: use 20 Hz to 0.45 × the rate\n"),
            (["--play", song, "--filter", "highpass:20k", "--rate", "44100"],
             "Error: --filter frequency 20000 Hz is out of range at 44100 Hz: use 20 Hz to 19845 Hz (0.45 × the rate)\n"),
            (["--noise", "white", "--seconds", "1", "--karaoke"], "Error: --filter and --karaoke go with --play\n"),
        ]
        for (args, message) in cases {
            let r = try E2E.run(E2E.woodshed, ["render", path] + args)
            #expect(r.status == 64, "\(args)")
            #expect(r.stdout == "")
            #expect(r.stderr.hasPrefix(message), "\(args): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == [])
        let p = try E2E.woodshed("play", song, "--filter", "lowpass:x")
        #expect(p.status == 64)
        #expect(p.stderr.hasPrefix("Error: --filter frequency 'x' is not a frequency: use 20 Hz to 0.45 × the rate (e.g. 800 or 2.5kHz)\n"), "\(p.stderr)")
    }
}
