import CSndFile
import Foundation
import Testing

@Suite("woodshed render: the README's commands, onsets on their exact frames")
struct RenderCommandTests {
    @Test("render click.wav 120 --bars 16: 4/4, accent on 1, beat k on 24000·k, 16-bit WAV")
    func plainClick() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("click.wav").path
        let r = try E2E.woodshed("render", path, "120", "--bars", "16")
        #expect(r.status == 0)
        #expect(r.stdout == "wrote \(path): 120 BPM 4/4, 16 bars, 0:32.000 (1536000 frames at 48000 Hz, wav16)\n")
        let s = try E2E.read(path)
        #expect(s.rate == 48_000)
        #expect(s.format == Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        #expect(s.samples.count == 1_536_000)
        let on = E2E.onsets(s.samples)
        #expect(on == (0..<64).map { $0 * 24_000 })
        // accents are louder than normal beats
        #expect(abs(s.samples[0]) > abs(s.samples[24_000]))
        #expect(abs(s.samples[96_000]) == abs(s.samples[0]))
        // the attack is the first sample, well above -40 dBFS
        #expect(abs(s.samples[0]) > 0.1)
    }

    @Test("render odd.flac 133 --meter 7/8 --pattern X..x.x. --bars 32 --rate 44100")
    func oddMeterFlac() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("odd.flac").path
        let r = try E2E.woodshed("render", path, "133", "--meter", "7/8", "--pattern", "X..x.x.", "--bars", "32", "--rate", "44100")
        #expect(r.status == 0, "\(r.stderr)")
        let s = try E2E.read(path)
        #expect(s.rate == 44_100)
        #expect(s.format & Int32(SF_FORMAT_TYPEMASK) == Int32(SF_FORMAT_FLAC))
        let expected = (0..<32).flatMap { bar in [0, 3, 5].map { E2E.beatFrame(bar * 7 + $0, milliBPM: 133_000, den: 8, rate: 44_100) } }
        #expect(E2E.onsets(s.samples) == expected)
        #expect(s.samples.count == E2E.beatFrame(32 * 7, milliBPM: 133_000, den: 8, rate: 44_100))
    }

    @Test("render sub.wav 90 --subdivide 3 --count-in 1 --bars 8 --sound woodblock")
    func subdivisionsAndCountIn() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("sub.wav").path
        let r = try E2E.woodshed("render", path, "90", "--subdivide", "3", "--count-in", "1", "--bars", "8", "--sound", "woodblock")
        #expect(r.status == 0, "\(r.stderr)")
        let s = try E2E.read(path)
        #expect(s.samples.count == 9 * 4 * 32_000)
        let countIn = (0..<4).map { $0 * 32_000 }
        let bars = (0..<(8 * 4 * 3)).map { 128_000 + E2E.beatFrame($0, milliBPM: 90_000, den: 4, rate: 48_000, stepsPerBeat: 3) }
        #expect(E2E.onsets(s.samples) == countIn + bars)
        // subdivision clicks are softer than beats
        #expect(abs(s.samples[bars[1]]) < abs(s.samples[bars[3]]))
    }

    @Test("a ramp 80-160 --bars 16 is klick's map line '16 80-160': round(ideal) for every beat")
    func ramp() throws {
        let dir = try E2E.tempDir()
        let path = dir.appendingPathComponent("ramp.wav").path
        #expect(try E2E.woodshed("render", path, "80-160", "--bars", "16").status == 0)
        let o = try E2E.oracle(["compare", path, "--map", "16 80-160"])
        #expect(o["expected"] == 64 && o["matched"] == 64 && o["extra"] == 0)
        #expect(o["round_exact"] == 64)
        #expect(o["max_abs_err"]! <= 0.5)
    }

    @Test("a ramp whose ends are equal (80-80, 120.0-120, a map line '2 80-80') renders the constant tempo, sample for sample")
    func equalEndsRamp() throws {
        let dir = try E2E.tempDir()
        func render(_ name: String, _ args: String...) throws -> (stdout: String, samples: [Float]) {
            let path = dir.appendingPathComponent(name).path
            let r = try E2E.run(E2E.woodshed, ["render", path] + args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(r.stderr == "", "\(args)")
            return (r.stdout.replacingOccurrences(of: path, with: name), try E2E.read(path).samples)
        }
        let ramp = try render("e.wav", "80-80", "--bars", "2")
        let plain = try render("p.wav", "80", "--bars", "2")
        #expect(ramp.stdout == "wrote e.wav: 80 BPM 4/4, 2 bars, 0:06.000 (288000 frames at 48000 Hz, wav16)\n")
        #expect(ramp.samples == plain.samples)
        #expect(E2E.onsets(ramp.samples) == (0..<8).map { $0 * 36_000 })
        #expect(try render("f.wav", "120.0-120", "--bars", "2").samples == render("q.wav", "120", "--bars", "2").samples)
        let map = dir.appendingPathComponent("even.klick"), plainMap = dir.appendingPathComponent("plain.klick")
        try "2 80-80\n".write(to: map, atomically: true, encoding: .utf8)
        try "2 80\n".write(to: plainMap, atomically: true, encoding: .utf8)
        #expect(try render("m.wav", "--map", map.path).samples == plain.samples)
        #expect(try render("n.wav", "--map", plainMap.path).samples == plain.samples)
    }

    @Test("wav24, wav32f and flac24 by --format")
    func formats() throws {
        let dir = try E2E.tempDir()
        for (fmt, want) in [("wav24", SF_FORMAT_WAV | SF_FORMAT_PCM_24), ("wav32f", SF_FORMAT_WAV | SF_FORMAT_FLOAT),
                            ("flac24", SF_FORMAT_FLAC | SF_FORMAT_PCM_24)] {
            let path = dir.appendingPathComponent("x-\(fmt).out").path
            let r = try E2E.woodshed("render", path, "100", "--bars", "1", "--format", fmt)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try E2E.read(path).format == Int32(want))
        }
    }

    @Test("user samples for accent and normal clicks, resampled to the output rate")
    func sampleSounds() throws {
        let dir = try E2E.tempDir()
        let acc = dir.appendingPathComponent("acc.wav").path, nor = dir.appendingPathComponent("nor.wav").path
        try E2E.run("sox", ["-n", "-r", "44100", acc, "synth", "0.03", "sine", "1500"])
        try E2E.run("sox", ["-n", "-r", "44100", nor, "synth", "0.03", "sine", "1000"])
        let out = dir.appendingPathComponent("s.wav").path
        let r = try E2E.woodshed("render", out, "120", "--bars", "2", "--sound", "\(acc),\(nor)")
        #expect(r.status == 0, "\(r.stderr)")
        let s = try E2E.read(out)
        let on = E2E.onsets(s.samples, threshold: 0.01)
        #expect(on.count == 8)
        for (k, f) in on.enumerated() { #expect(abs(f - k * 24_000) <= 2) }
    }
}
