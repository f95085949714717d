import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

/// Every channel of a sound file, one array each.
private func readChannels(_ path: String) throws -> (rate: Int, channels: [[Float]]) {
    let sound = try TestAudio.read(path)
    return (sound.rate, (0..<sound.channels).map(sound.channel))
}

@Suite("woodshed render --play: practice programs written offline, to the frame")
struct PlayRenderTests {
    @Test("--from 0.5 --to 1.25 --repeat 3 --crossfade 0: each pass is frames 24000..<60000, bit-exact, back to back")
    func seamBitExact() throws {
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent("indexed.wav").path, out = dir.appendingPathComponent("out.wav").path
        try TestAudio.numberedWAV(song, frames: 96_000)
        let r = try E2E.woodshed("render", out, "--play", song, "--from", "0.5", "--to", "1.25", "--repeat", "3", "--crossfade", "0", "--stems", "--format", "wav32f")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "wrote \(out): indexed.wav · WAV stereo 48000 Hz · 0:00.500–0:01.250 · ×3 · speed 1×, 0:02.250 (108000 frames at 48000 Hz, wav32f, stems: music L, music R, click)\n")
        let (rate, ch) = try readChannels(out)
        #expect(rate == 48_000 && ch.count == 3 && ch[0].count == 108_000)
        let pass = (24_000..<60_000).map { Float($0 % 32768) / 32768 }
        #expect(ch[0] == pass + pass + pass, "left differs")
        #expect(ch[1] == (pass + pass + pass).map { -$0 }, "right differs")
        #expect(ch[2].allSatisfy { $0 == 0 }, "no click was asked for")
    }

    @Test("--count-in 1 --click 120 --gap 1s --repeat 2: count-in clicks, passes and gaps on their exact frames")
    func countInAndGap() throws {
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent("indexed.wav").path, out = dir.appendingPathComponent("out.wav").path
        try TestAudio.numberedWAV(song, frames: 96_000)
        let r = try E2E.woodshed("render", out, "--play", song, "--from", "0", "--to", "1", "--repeat", "2", "--gap", "1s",
                                 "--count-in", "1", "--click", "120", "--crossfade", "0", "--stems", "--format", "wav32f")
        #expect(r.status == 0, "\(r.stderr)")
        let (_, ch) = try readChannels(out)
        // Per pass: count-in 4 beats of 24000, the pass (48000), the gap (48000) = 192000.
        #expect(ch[0].count == 384_000)
        let c = ch[2]
        let onsets = WoodshedTestSupport.onsets(c)
        // Count-ins at 0 and 192000; the music's own beats at 120 BPM inside each pass (bar 1 at 0 s).
        #expect(onsets == [0, 24_000, 48_000, 72_000, 96_000, 120_000, 192_000, 216_000, 240_000, 264_000, 288_000, 312_000], "\(onsets)")
        let pass = (0..<48_000).map { Float($0 % 32768) / 32768 }
        #expect(Array(ch[0][96_000..<144_000]) == pass && Array(ch[0][288_000..<336_000]) == pass, "passes differ")
        #expect(ch[0][0..<96_000].allSatisfy { $0 == 0 } && ch[0][144_000..<192_000].allSatisfy { $0 == 0 })
    }

    @Test("--section NAME plays a section saved with `woodshed sections`, with its plan; an unknown name is one clear line")
    func savedSection() throws {
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent("indexed.wav").path, out = dir.appendingPathComponent("out.wav").path
        try TestAudio.numberedWAV(song, frames: 96_000)
        let env = ["/usr/bin/env", "XDG_DATA_HOME=\(dir.path)/data", "XDG_CACHE_HOME=\(dir.path)/cache", E2E.woodshed]
        let add = try E2E.run(env[0], Array(env.dropFirst()) + ["sections", song, "add", "verse", "0.5", "1.25", "--repeat", "2"])
        #expect(add.status == 0, "\(add.stderr)")
        let r = try E2E.run(env[0], Array(env.dropFirst()) + ["render", out, "--play", song, "--section", "verse", "--crossfade", "0", "--stems", "--format", "wav32f"])
        #expect(r.status == 0, "\(r.stderr)")
        let (_, ch) = try readChannels(out)
        let pass = (24_000..<60_000).map { Float($0 % 32768) / 32768 }
        #expect(ch[0] == pass + pass, "left differs")
        let missing = try E2E.run(env[0], Array(env.dropFirst()) + ["render", out + "2.wav", "--play", song, "--section", "chorus"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("Error: no section 'chorus'"), "\(missing.stderr)")
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out + "2.wav"))
    }

    @Test("a bad --play file: one line naming it, exit 1, no output file")
    func badFile() throws {
        let dir = try E2E.tempDir()
        let text = dir.appendingPathComponent("notes.txt"), out = dir.appendingPathComponent("out.wav").path
        try Data("not audio\n".utf8).write(to: text)
        let r = try E2E.woodshed("render", out, "--play", text.path)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("Error: \(text.path): "), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }
    @Test("a 16-bit source rendered at 1.0× with --crossfade 0 to 16-bit WAV and FLAC gives back its samples, full scale included")
    func sixteenBitTransparent() throws {
        let dir = try E2E.tempDir()
        let song = dir.appendingPathComponent("every-value.wav").path
        // Left: every 16-bit value from -32768 up, from frame 24000 on; right: from 32767 down.
        // --from 0.5 --to 2 (frames 24000..<96000) covers all 65536 values.
        let frames = 144_000
        var data = [Int16](repeating: 0, count: 2 * frames)
        for i in 0..<frames {
            let v = Int16(truncatingIfNeeded: i - 24_000 - 32_768)
            data[2 * i] = v
            data[2 * i + 1] = ~v
        }
        try TestAudio.write(song, data, channels: 2)
        let source = try TestAudio.read(song).interleaved
        for name in ["out.wav", "out.flac"] {
            let out = dir.appendingPathComponent(name).path
            let r = try E2E.woodshed("render", out, "--play", song, "--from", "0.5", "--to", "2", "--crossfade", "0")
            #expect(r.status == 0, "\(r.stderr)")
            let sound = try TestAudio.read(out)
            #expect(sound.format & Int32(SF_FORMAT_SUBMASK) == Int32(SF_FORMAT_PCM_16) && sound.channels == 2)
            let expected = Array(source[2 * 24_000..<2 * 96_000])
            let off = zip(sound.interleaved, expected).filter { $0 != $1 }.count
            #expect(sound.interleaved.count == expected.count && off == 0, "\(name): \(off) samples differ")
            #expect(sound.interleaved.contains(-1) && sound.interleaved.contains(32_767 / 32_768), "full scale is in the range")
        }
    }
}
