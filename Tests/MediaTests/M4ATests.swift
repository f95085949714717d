import Foundation
import Media
import Testing

/// An M4A (AAC) file made by the `ffmpeg` program from a 16-bit WAV of `fixture`'s samples;
/// `pns`: with perceptual noise substitution (noise made up by the decoder), as ffmpeg's AAC
/// encoder does by default; `bitRate` as ffmpeg's `-b:a` takes it. Test thread.
func m4aFixture(_ fixture: Fixture, pns: Bool, bitRate: String = "128k", in folder: TemporaryFolder,
                name: String) throws -> String {
    let wav = folder.path(name + ".source.wav")
    try writeSound(fixture.samples(), to: wav, rate: fixture.rate, channels: fixture.channels,
                   format: FixtureFormat.wav.sndfileFormat)
    let path = folder.path(name)
    try runReference("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "aac", "-aac_pns", pns ? "1" : "0",
                                         "-b:a", bitRate, "-f", "mp4", path])
    return path
}

/// `path` decoded whole by the `ffmpeg` program as 32-bit floats, as stereo frames the way
/// `AudioSource` reads them (with the padding after the end that the program keeps). Test thread.
func ffmpegDecode(_ path: String, channels: Int, in folder: TemporaryFolder) throws -> [Float] {
    let raw = folder.path(URL(fileURLWithPath: path).lastPathComponent + ".ffmpeg.f32")
    try runReference("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", path, "-f", "f32le", "-c:a", "pcm_f32le", raw])
    let data = try Data(contentsOf: URL(fileURLWithPath: raw))
    let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    return stereo(samples, channels: channels)
}

@Suite("AAC in M4A through FFmpeg")
struct M4ATests {
    static let fixtures = [
        Fixture(format: .wav, rate: 44_100, channels: 2, seconds: 20),
        Fixture(format: .wav, rate: 48_000, channels: 1, seconds: 20),
    ]

    @Test("50 jumps to random frames read exactly the samples of ffmpeg's decode of the whole file, cut to the stream's length",
          arguments: fixtures)
    func seeksEqualReferenceDecoder(fixture: Fixture) throws {
        let folder = try TemporaryFolder()
        let path = try m4aFixture(fixture, pns: false, in: folder, name: "song-\(fixture.channels).m4a")
        let decoded = try ffmpegDecode(path, channels: fixture.channels, in: folder)
        #expect(decoded.count / 2 > fixture.frames)  // ffmpeg keeps the padding
        let frames = fixture.frames
        let reference = Array(decoded.prefix(2 * frames))

        let source = try AudioSource.open(path: path)
        #expect(source.info == AudioFileInfo(path: path, frames: Int64(frames), rate: fixture.rate, channels: fixture.channels,
                                             format: .other("AAC"), formatName: "AAC", seeksExactly: true))
        #expect(firstDifference(source.sequentialFrames(count: frames + 100), reference + Array(repeating: 0, count: 200)) == "same")
        for read in randomReads(frames: frames, avoiding: 1_024, seed: 41) {
            #expect(firstDifference(source.frames(from: read.start, count: read.count),
                                    expectedFrames(reference, frames: frames, start: read.start, count: read.count)) == "same",
                    "read of \(read.count) frames from \(read.start)")
        }
        #expect(source.warnings == [] && source.readFailure == nil)
    }

    @Test("an M4A is found by its content: named .wav it plays as AAC; random bytes named .m4a keep libsndfile's answer")
    func foundByContent() throws {
        let folder = try TemporaryFolder()
        let path = try m4aFixture(Fixture(format: .wav, rate: 44_100, channels: 2, seconds: 2), pns: false, in: folder,
                                  name: "song.wav")
        #expect(try AudioFileProbe.info(path: path).formatName == "AAC")
        let noise = folder.path("noise.m4a")
        try Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: URL(fileURLWithPath: noise))
        #expect(throws: AudioFileError.unsupported(path: noise, reason: "libsndfile does not recognise it")) {
            try AudioFileProbe.info(path: noise)
        }
    }
}
