import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

@Suite("woodshed render --noise: white, pink or brown noise to a file, for exactly --seconds")
struct NoiseRenderTests {
    @Test("render rain.wav --noise brown --seconds 600: exactly 28 800 000 frames of mono 16-bit WAV")
    func tenMinutesOfBrown() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("rain.wav").path
        let r = try E2E.woodshed("render", path, "--noise", "brown", "--seconds", "600")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "wrote \(path): brown noise at -18 dBFS RMS, 10:00.000 (28800000 frames at 48000 Hz, wav16)\n")
        let info = try #require(TestAudio.header(path))
        #expect(info.frames == 28_800_000)
        #expect(info.samplerate == 48_000 && info.channels == 1)
        #expect(info.format == Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        try FileManager.default.removeItem(atPath: path)
    }

    @Test("pink at -24 dBFS for 30 s at 44.1 kHz as FLAC, fading over the last 5 s: the level, then silence on the last frame")
    func pinkWithFade() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("sea.flac").path
        let r = try E2E.woodshed("render", path, "--noise", "pink", "--seconds", "30", "--noise-level", "-24", "--fade", "5", "--rate", "44100")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "wrote \(path): pink noise at -24 dBFS RMS, 0:30.000 with a 0:05.000 fade-out (1323000 frames at 44100 Hz, flac16)\n")
        let s = try E2E.read(path)
        #expect(s.rate == 44_100 && s.channels == 1)
        #expect(s.samples.count == 1_323_000)
        func decibels(_ range: Range<Int>) -> Double {
            10 * log10(s.samples[range].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(range.count))
        }
        let fadeStart = 1_323_000 - 220_500
        #expect(abs(decibels(0..<fadeStart) + 24) < 0.5)
        // A linear fade: the middle second of the fade is about 6 dB down, the last is far below.
        #expect(abs(decibels(fadeStart + 88_200..<fadeStart + 132_300) + 30) < 1)
        #expect(decibels(1_323_000 - 44_100..<1_323_000) < -40)
        #expect(s.samples.last == 0)
        #expect(s.samples.allSatisfy { abs($0) < 1 })
    }

    @Test("--noise sleep --seconds 10 writes exactly brown at -26 dBFS with a 5 s fade (the preset's 2 min, at most half the time)")
    func preset() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("preset.wav").path, b = dir.appendingPathComponent("spelled.wav").path
        let r1 = try E2E.woodshed("render", a, "--noise", "sleep", "--seconds", "10")
        let r2 = try E2E.woodshed("render", b, "--noise", "brown", "--noise-level", "-26", "--seconds", "10", "--fade", "5")
        #expect(r1.status == 0 && r2.status == 0, "\(r1.stderr)\(r2.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: a)), spelled = try Data(contentsOf: URL(fileURLWithPath: b))
        #expect(bytes.count > 900_000 && bytes == spelled)
        // And the level and the fade are the preset's: -26 dBFS without them would differ.
        let plain = dir.appendingPathComponent("plain.wav").path
        #expect(try E2E.woodshed("render", plain, "--noise", "brown", "--seconds", "10").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: plain)) != bytes)
    }

    @Test("an unknown colour, and --noise without --seconds: one clear line, nothing written")
    func errors() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("x.wav").path
        let bad = try E2E.woodshed("render", path, "--noise", "purple", "--seconds", "10")
        #expect(bad.status != 0)
        #expect(bad.stdout == "")
        #expect(bad.stderr.hasPrefix("Error: 'purple' is not a noise colour, preset or sound: use white, pink, brown, or focus, masking, practice-room, sleep, or alarm-beeps, alarm-clock, alarm-gentle, fan, ocean, rain\n"),
                "\(bad.stderr)")
        let untimed = try E2E.woodshed("render", path, "--noise", "masking")
        #expect(untimed.stderr.hasPrefix("Error: --noise needs a length: give --seconds (e.g. --noise masking --seconds 600)\n"), "\(untimed.stderr)")
        let endless = try E2E.woodshed("render", path, "--noise", "brown")
        #expect(endless.status != 0)
        #expect(endless.stderr.hasPrefix("Error: --noise needs a length: give --seconds (e.g. --noise brown --seconds 600)\n"),
                "\(endless.stderr)")
        let loud = try E2E.woodshed("render", path, "--noise", "white", "--seconds", "1", "--noise-level", "-3")
        #expect(loud.stderr.hasPrefix("Error: noise level -3 dBFS is out of range: use -90 to -12 dBFS RMS\n"), "\(loud.stderr)")
        let both = try E2E.woodshed("render", path, "120", "--noise", "white", "--seconds", "1")
        #expect(both.stderr.hasPrefix("Error: --noise renders noise alone: leave out the tempo, --map, --preset and --play\n"), "\(both.stderr)")
        let fade = try E2E.woodshed("render", path, "120", "--fade", "2")
        #expect(fade.stderr.hasPrefix("Error: --fade goes with --noise\n"), "\(fade.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }
}
