import CSndFile
import Foundation
import Media
import Testing

/// `path` decoded whole by the reference decoder, `oggdec` (vorbis-tools: 16-bit only), as
/// stereo frames the way `AudioSource` reads them. Test thread.
func oggdecDecode(_ path: String, in folder: TemporaryFolder) throws -> [Float] {
    let wav = folder.path(URL(fileURLWithPath: path).lastPathComponent + ".oggdec.wav")
    try runReference("/usr/bin/oggdec", ["-Q", "-o", wav, path])
    let decoded = try decodeAll(wav)
    return stereo(decoded.samples, channels: decoded.channels)
}

/// A float sample as `ov_read` (what `oggdec` writes) makes it 16-bit — round(x · 32768) to
/// nearest, clamped — and as a 16-bit WAV reads back: k / 32768. Test thread.
func quantisedAsOvRead(_ sample: Float) -> Float {
    Float(min(max((sample * 32_768).rounded(.toNearestOrEven), -32_768), 32_767)) / 32_768
}

/// An Ogg Vorbis file made by `oggenc` from a 16-bit WAV of `fixture`'s samples. Test thread.
func oggencFixture(_ fixture: Fixture, in folder: TemporaryFolder, name: String) throws -> String {
    let wav = folder.path(name + ".source.wav")
    try writeSound(fixture.samples(), to: wav, rate: fixture.rate, channels: fixture.channels,
                   format: FixtureFormat.wav.sndfileFormat)
    let path = folder.path(name)
    try runReference("/usr/bin/oggenc", ["-Q", "-q", "3", "-o", path, wav])
    return path
}

@Suite("Ogg Vorbis through libvorbisfile")
struct VorbisTests {
    static let fixtures = [
        Fixture(format: .vorbis, rate: 44_100, channels: 2, seconds: 20),
        Fixture(format: .vorbis, rate: 48_000, channels: 1, seconds: 20),
    ]

    @Test("50 jumps to random frames read exactly the samples of a front-to-back read, and of oggdec's decode as ov_read quantises it",
          arguments: [false, true])
    func seeksEqualReferenceDecoder(madeByOggenc: Bool) throws {
        let folder = try TemporaryFolder()
        for fixture in Self.fixtures {
            let path = madeByOggenc ? try oggencFixture(fixture, in: folder, name: "oggenc-\(fixture.fileName)")
                                    : try fixture.write(in: folder)
            let reference = try oggdecDecode(path, in: folder)
            let frames = reference.count / 2
            #expect(frames == fixture.frames)

            let source = try AudioSource.open(path: path)
            #expect(source.info.frames == Int64(frames))
            #expect(source.info.format == .oggVorbis && source.info.seeksExactly)
            let all = source.sequentialFrames(count: frames + 100)
            #expect(firstDifference(all.map(quantisedAsOvRead), reference + Array(repeating: 0, count: 200)) == "same")
            for read in randomReads(frames: frames, avoiding: 64, seed: 23) {
                #expect(firstDifference(source.frames(from: read.start, count: read.count),
                                        expectedFrames(all, frames: frames, start: read.start, count: read.count)) == "same",
                        "read of \(read.count) frames from \(read.start)")
            }
            #expect(source.warnings == [] && source.readFailure == nil)
        }
    }

    @Test("half an Ogg Vorbis file plays the frames that are there, as oggdec decodes them, with a warning naming the file")
    func cutShort() throws {
        let folder = try TemporaryFolder()
        let whole = try Fixture(format: .vorbis, rate: 44_100, channels: 2).write(in: folder)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        let path = folder.path("half.ogg")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        let reference = try oggdecDecode(path, in: folder)
        let frames = reference.count / 2
        #expect(frames > 150_000 && frames < 260_000)
        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == Int64(frames))
        #expect(try AudioFileProbe.info(path: path).frames == Int64(frames))
        #expect(firstDifference(source.sequentialFrames(count: frames).map(quantisedAsOvRead), reference) == "same")
        let seconds = String(format: "%.3f", Double(frames) / 44_100)
        #expect(source.warnings == ["\(path): the file ends before its last Ogg page (cut short, or still being written?); "
                                    + "it plays the \(seconds) s that are there"])
    }

    @Test("an Ogg Vorbis file is found by its content: named .mp3 it plays as Ogg Vorbis")
    func wrongExtension() throws {
        let folder = try TemporaryFolder()
        let path = try Fixture(format: .vorbis, rate: 48_000, channels: 2, seconds: 2).write(in: folder, name: "song.mp3")
        let source = try AudioSource.open(path: path)
        #expect(source.info.format == .oggVorbis)
        #expect(firstDifference(source.sequentialFrames(count: 96_000).map(quantisedAsOvRead), try oggdecDecode(path, in: folder)) == "same")
    }
}
