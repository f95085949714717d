import Foundation
import Testing
import WoodshedTestSupport

/// Runs a reference program (encoder or decoder) to its end; throws unless it exits with 0.
private func reference(_ program: String, _ args: [String]) throws {
    let r = try E2E.run(program, args)
    guard r.status == 0 else { throw TestAudioError("\(program) failed: \(r.stderr)") }
}

@Suite("woodshed render --play in every common format")
struct FormatRenderTests {
    @Test("an M4A, an Ogg Vorbis and an Opus file render --from 0.5 --to 1.25 as the reference decoders decode those frames; the old decode cache goes")
    func formatsRenderTheirDecode() throws {
        let dir = try E2E.tempDir()
        let wav = dir.appendingPathComponent("source.wav").path
        try reference("/usr/bin/sox", ["-n", "-r", "48000", "-c", "2", "-b", "16", wav, "synth", "2", "sine", "220-3000", "sine", "330", "vol", "0.5"])
        let cache = dir.appendingPathComponent("cache/woodshed/decoded", isDirectory: true)
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let oldCopy = cache.appendingPathComponent("song.ogg-1f0c3a5e9b7d2c41.flac")
        try Data([1, 2, 3]).write(to: oldCopy)

        // Each made by its reference encoder and decoded whole by its reference decoder (oggdec
        // writes 16 bits: within half a step of the floats; opusdec: within 1e-6, see OpusDecoder).
        let cases: [(name: String, formatName: String, tolerance: Float)] = [("song.m4a", "AAC", 0),
                                                                             ("song.ogg", "Ogg Vorbis", 0.5 / 32_768),
                                                                             ("song.opus", "Opus", 1e-6)]
        for c in cases {
            let path = dir.appendingPathComponent(c.name).path
            let decodedPath = path + ".reference.wav"
            switch c.name {
            case "song.m4a":
                try reference("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "aac", "-aac_pns", "0", "-b:a", "128k", path])
                try reference("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", path, "-c:a", "pcm_f32le", decodedPath])
            case "song.ogg":
                try reference("/usr/bin/oggenc", ["-Q", "-o", path, wav])
                try reference("/usr/bin/oggdec", ["-Q", "-o", decodedPath, path])
            default:
                try reference("/usr/bin/opusenc", ["--quiet", wav, path])
                try reference("/usr/bin/opusdec", ["--quiet", "--rate", "48000", "--float", path, decodedPath])
            }
            let decoded = try TestAudio.read(decodedPath)
            let out = dir.appendingPathComponent(c.name + ".out.wav").path
            let r = try E2E.run(E2E.woodshed, ["render", out, "--play", path, "--from", "0.5", "--to", "1.25", "--crossfade", "0",
                                               "--stems", "--format", "wav32f"],
                                environment: ["XDG_DATA_HOME": dir.appendingPathComponent("data").path,
                                              "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.hasPrefix("wrote \(out): \(c.name) · \(c.formatName) stereo 48000 Hz · 0:00.500–0:01.250 · ×1"), "\(r.stdout)")
            let sound = try TestAudio.read(out)
            #expect(sound.rate == 48_000 && sound.channels == 3)
            for channel in 0..<2 {
                let got = sound.channel(channel), expected = Array(decoded.channel(channel)[24_000..<60_000])
                #expect(got.count == expected.count)
                let worst = zip(got, expected).map { abs($0 - $1) }.max() ?? 1
                #expect(worst <= c.tolerance, "\(c.name) channel \(channel): largest difference \(worst)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: oldCopy.path))
        #expect(!FileManager.default.fileExists(atPath: cache.path))
    }

    @Test("export: a 0.75 s loop of a 44.1 kHz song rendered to MP3, Ogg Vorbis and Opus decodes back to exactly 36 000 frames at 48 kHz")
    func exportDecodesToLength() throws {
        let dir = try E2E.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try reference("/usr/bin/sox", ["-n", "-r", "44100", "-c", "2", "-b", "16", song, "synth", "2", "sine", "220-3000", "sine", "330", "vol", "0.5"])
        let env = ["XDG_DATA_HOME": dir.appendingPathComponent("data").path, "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path]
        for (format, quality, decoder) in [("mp3", "4", ["/usr/bin/mpg123", "-q", "-w"]), ("ogg", "8", ["/usr/bin/oggdec", "-Q", "-o"]),
                                           ("opus", "2", ["/usr/bin/opusdec", "--quiet", "--rate", "48000"])] {
            let out = dir.appendingPathComponent("loop.\(format)").path
            let r = try E2E.run(E2E.woodshed, ["render", out, "--play", song, "--from", "0.5", "--to", "1.25", "--crossfade", "0",
                                               "--quality", quality], environment: env)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.hasSuffix("0:00.750 (36000 frames at 48000 Hz, \(format))\n"), "\(r.stdout)")
            let decoded = out + ".wav"
            if format == "opus" {
                try reference(decoder[0], Array(decoder.dropFirst()) + [out, decoded])
            } else {
                try reference(decoder[0], Array(decoder.dropFirst()) + [decoded, out])
            }
            let sound = try TestAudio.read(decoded)
            #expect(sound.frames == 36_000 && sound.rate == 48_000 && sound.channels == 2, "\(format): \(sound.frames) frames at \(sound.rate) Hz")
        }
        // Opus at another rate is refused, naming the rate.
        let r = try E2E.run(E2E.woodshed, ["render", dir.appendingPathComponent("x.opus").path, "--play", song, "--rate", "44100"], environment: env)
        #expect(r.status != 0 && r.stderr.contains("opus is written at 48000 Hz only, not 44100: leave out --rate (the music is resampled to it)"), "\(r.stderr)")
    }
}
