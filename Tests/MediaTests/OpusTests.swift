import Foundation
import Media
import Testing

/// `path` decoded whole by the reference decoder, `opusdec --rate 48000 --float` (opus-tools),
/// as stereo frames the way `AudioSource` reads them. Test thread.
func opusdecDecode(_ path: String, in folder: TemporaryFolder) throws -> [Float] {
    let wav = folder.path(URL(fileURLWithPath: path).lastPathComponent + ".opusdec.wav")
    try runReference("/usr/bin/opusdec", ["--quiet", "--rate", "48000", "--float", path, wav])
    let decoded = try decodeAll(wav)
    return stereo(decoded.samples, channels: decoded.channels)
}

/// Where two runs of samples first differ by more than `tolerance` ("same" when they do not).
/// Test thread.
func firstDifference(_ got: [Float], _ expected: [Float], within tolerance: Float) -> String {
    guard got.count == expected.count else { return "\(got.count) samples, expected \(expected.count)" }
    guard let i = got.indices.first(where: { abs(got[$0] - expected[$0]) > tolerance }) else { return "same" }
    return "sample \(i) is \(got[i]), expected \(expected[i])"
}

@Suite("Opus through libopusfile")
struct OpusTests {
    static let fixtures = [
        Fixture(format: .opus, rate: 48_000, channels: 2, seconds: 20),
        Fixture(format: .opus, rate: 48_000, channels: 1, seconds: 20),
    ]

    @Test("50 jumps to random frames read opusdec's decode of the whole file, at the exact position, within 1e-6",
          arguments: [false, true])
    func seeksEqualReferenceDecoder(madeByOpusenc: Bool) throws {
        let folder = try TemporaryFolder()
        for fixture in Self.fixtures {
            var path = try fixture.write(in: folder)
            if madeByOpusenc {
                let wav = folder.path("source-\(fixture.channels).wav")
                try writeSound(fixture.samples(), to: wav, rate: fixture.rate, channels: fixture.channels,
                               format: FixtureFormat.wav.sndfileFormat)
                path = folder.path("opusenc-\(fixture.channels).opus")
                try runReference("/usr/bin/opusenc", ["--quiet", "--bitrate", "48", wav, path])
            }
            let reference = try opusdecDecode(path, in: folder)
            let frames = reference.count / 2
            #expect(frames == fixture.frames)

            let source = try AudioSource.open(path: path)
            #expect(source.info.frames == Int64(frames) && source.info.rate == 48_000)
            #expect(source.info.format == .opus && source.info.seeksExactly)
            let all = source.sequentialFrames(count: frames + 100)
            #expect(firstDifference(all, reference + Array(repeating: 0, count: 200), within: 1e-6) == "same")
            // After a seek the decoder's float state is not bit for bit a linear decode's: a
            // rounding step (about 1e-9) here and there, far inside the 1e-6.
            for read in randomReads(frames: frames, avoiding: 960, seed: 31) {
                #expect(firstDifference(source.frames(from: read.start, count: read.count),
                                        expectedFrames(reference, frames: frames, start: read.start, count: read.count),
                                        within: 1e-6) == "same",
                        "read of \(read.count) frames from \(read.start)")
            }
            #expect(source.warnings == [] && source.readFailure == nil)
        }
    }

    @Test("half an Opus file plays the frames that are there, as opusdec decodes them, with a warning naming the file")
    func cutShort() throws {
        let folder = try TemporaryFolder()
        let whole = try Fixture(format: .opus, rate: 48_000, channels: 2).write(in: folder)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        let path = folder.path("half.opus")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        let reference = try opusdecDecode(path, in: folder)
        let frames = reference.count / 2
        #expect(frames > 150_000 && frames < 260_000, "\(frames) frames")
        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == Int64(frames))
        #expect(firstDifference(source.sequentialFrames(count: frames), reference, within: 1e-6) == "same")
        let seconds = String(format: "%.3f", Double(frames) / 48_000)
        #expect(source.warnings == ["\(path): the file ends before its last Ogg page (cut short, or still being written?); "
                                    + "it plays the \(seconds) s that are there"])
    }
}
