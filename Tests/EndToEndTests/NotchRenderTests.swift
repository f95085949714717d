import Foundation
import Testing
import WoodshedTestSupport

/// `render --notch`: the band-stop over noise and music, measured from the written files with
/// numpy's FFT (Tests/Tools/notch_response.py); the click never passes through it.
@Suite("render --notch: notched noise and music offline, the click untouched")
struct NotchRenderTests {
    @Test("white noise with --notch 4000 and 6.2kHz:1/2 against the same noise without: ≥30 dB down across the band, within 1 dB outside [F/2, 2F], peak ≤ +0.5 dB")
    func notchedNoise() throws {
        let dir = try E2E.tempDir()
        let dry = dir.appendingPathComponent("dry.wav").path
        let r = try E2E.woodshed("render", dry, "--noise", "white", "--seconds", "20", "--format", "wav32f")
        #expect(r.status == 0, "\(r.stderr)")
        for (notch, f, width) in [("4000", 4000.0, 1.0), ("6.2kHz:1/2", 6200, 0.5)] {
            let wet = dir.appendingPathComponent("wet-\(f).wav").path
            let w = try E2E.woodshed("render", wet, "--noise", "white", "--seconds", "20", "--format", "wav32f", "--notch", notch)
            #expect(w.status == 0, "\(w.stderr)")
            let summary = width == 1 ? "notch 4000 Hz, 1 octave" : "notch 6200 Hz, 1/2 octave"
            #expect(w.stdout == "wrote \(wet): white noise at -18 dBFS RMS, 0:20.000, \(summary) (960000 frames at 48000 Hz, wav32f)\n")
            let m = try NotchResponse.measure(["noise", "48000", "\(f)", "\(width)", dry, wet]).figures
            #expect(m["stop"]! <= -30, "\(notch): \(m)")
            #expect(m["passmin"]! >= -1 && m["passmax"]! <= 1, "\(notch): \(m)")
            #expect(m["peak"]! <= 0.5, "\(notch): \(m)")
        }
    }

    @Test("render --play --stems with --notch: the click channel is byte-identical to the render without, the music is notched")
    func clickUntouched() throws {
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent("song.wav").path
        let sox = try E2E.run("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", song, "synth", "3", "pinknoise", "vol", "0.3"])
        #expect(sox.status == 0, "\(sox.stderr)")
        let plain = dir.appendingPathComponent("plain.wav").path, notched = dir.appendingPathComponent("notched.wav").path
        let args = ["--play", song, "--from", "0", "--to", "2", "--click", "120", "--stems", "--format", "wav32f"]
        #expect(try E2E.run(E2E.woodshed, ["render", plain] + args).status == 0)
        let n = try E2E.run(E2E.woodshed, ["render", notched] + args + ["--notch", "1000:1/2"])
        #expect(n.status == 0, "\(n.stderr)")
        let a = try TestAudio.read(plain), b = try TestAudio.read(notched)
        #expect(a.channels == 3 && b.channels == 3)
        let clickA = a.channel(2), clickB = b.channel(2)
        #expect(clickA.contains { $0 != 0 })
        #expect(clickA.map(\.bitPattern) == clickB.map(\.bitPattern))
        #expect(a.channel(0) != b.channel(0) && a.channel(1) != b.channel(1))
    }

    @Test("bad --notch values: one line naming the value and the range, nothing written")
    func errors() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("x.wav").path
        let cases: [([String], String)] = [
            (["--noise", "white", "--seconds", "1", "--notch", "200"],
             "Error: --notch frequency 200 is out of range: use 250 Hz to 12 kHz (e.g. 6000 or 6.2kHz)\n"),
            (["--noise", "white", "--seconds", "1", "--notch", "6000:1/3"],
             "Error: --notch width '1/3' is not offered: use 1, 1/2 or 1/4 (octaves)\n"),
            (["--noise", "white", "--seconds", "1", "--notch", "12000", "--rate", "32000"],
             "Error: --notch frequency 12000 Hz is too high for 32000 Hz: use at most 11200 Hz (0.35 × the rate)\n"),
            (["--noise", "white", "--seconds", "1", "--notch", "tinnitus"],
             "Error: --notch tinnitus: no matched frequency is saved yet: find yours with woodshed tinnitus match, or give a frequency, e.g. --notch 6000\n"),
            (["120", "--notch", "6000"],
             "Error: --notch filters music and noise, never the click: give --play, --playlist or --noise\n"),
        ]
        let config = try E2E.tempDir().appendingPathComponent("config").path   // no tinnitus profile there
        for (args, message) in cases {
            let r = try E2E.run(E2E.woodshed, ["render", path] + args, environment: ["XDG_CONFIG_HOME": config])
            #expect(r.status == 64, "\(args)")
            #expect(r.stdout == "")
            #expect(r.stderr.hasPrefix(message), "\(args): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }
}
