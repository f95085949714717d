import CSndFile
import Foundation
import Media
import Testing
import WoodshedTestSupport

/// `path` decoded whole by the reference decoder, the `mpg123` program (gapless, float, no
/// resampling), as stereo frames the way `AudioSource` reads them. Test thread.
func mpg123Decode(_ path: String, in folder: TemporaryFolder) throws -> (frames: [Float], channels: Int) {
    let wav = folder.path(URL(fileURLWithPath: path).lastPathComponent + ".reference.wav")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/mpg123")
    process.arguments = ["-q", "-e", "f32", "-w", wav, path]
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    let decoded = try decodeAll(wav)
    return (stereo(decoded.samples, channels: decoded.channels), decoded.channels)
}

/// `count` reads (start, length) at random in `frames` frames, none starting on a multiple of
/// 1152 (an MPEG frame boundary, gapless offset aside). Test thread.
private func randomReads(frames: Int, count: Int = 50, seed: UInt64) -> [(start: Int64, count: Int)] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { _ in
        var start = Int.random(in: 0..<(frames - 1), using: &random)
        if start % 1_152 == 0 { start += 1 }
        return (Int64(start), Int.random(in: 1...min(6_000, frames - start), using: &random))
    }
}

/// Where two runs of samples first differ ("same" when they do not), without Swift Testing's
/// diff of long arrays (which takes minutes). Test thread.
func firstDifference(_ got: [Float], _ expected: [Float]) -> String {
    guard got.count == expected.count else { return "\(got.count) samples, expected \(expected.count)" }
    guard let i = got.indices.first(where: { got[$0] != expected[$0] }) else { return "same" }
    return "sample \(i) is \(got[i]), expected \(expected[i])"
}

/// The first `bytes` bytes of a file, written to `name`. Test thread.
private func prefix(of path: String, bytes: Int, as name: String, in folder: TemporaryFolder) throws -> String {
    let out = folder.path(name)
    try Data(contentsOf: URL(fileURLWithPath: path)).prefix(bytes).write(to: URL(fileURLWithPath: out))
    return out
}

@Suite("MP3 through libmpg123")
struct MP3Tests {
    static let fixtures = [
        Fixture(format: .mp3, rate: 44_100, channels: 1, seconds: 20, variableBitRate: true),
        Fixture(format: .mp3, rate: 48_000, channels: 2, seconds: 20),
        Fixture(format: .mp3, rate: 48_000, channels: 1, seconds: 20),
    ]

    @Test("50 jumps to random frames read exactly the samples of mpg123's own decode of the whole file",
          arguments: fixtures)
    func seeksEqualReferenceDecoder(fixture: Fixture) throws {
        let folder = try TemporaryFolder()
        let path = try fixture.write(in: folder)
        let reference = try mpg123Decode(path, in: folder).frames
        let frames = reference.count / 2
        #expect(frames == fixture.frames)

        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == Int64(frames))
        #expect(source.info.format == .mp3 && source.info.seeksExactly)
        for read in randomReads(frames: frames, seed: 17) {
            #expect(firstDifference(source.frames(from: read.start, count: read.count),
                                    expectedFrames(reference, frames: frames, start: read.start, count: read.count)) == "same",
                    "read of \(read.count) frames from \(read.start)")
        }
        #expect(firstDifference(source.sequentialFrames(count: frames + 100), reference + Array(repeating: 0, count: 200)) == "same")
        #expect(source.warnings == [] && source.readFailure == nil)
    }

    @Test("an MP3 cut short plays the frames that decode, counted, with a warning naming the file")
    func cutShort() throws {
        let folder = try TemporaryFolder()
        let whole = try Fixture(format: .mp3, rate: 44_100, channels: 2).write(in: folder)
        let size = try #require(FileManager.default.attributesOfItem(atPath: whole)[.size] as? Int)
        let path = try prefix(of: whole, bytes: size / 2, as: "half.mp3", in: folder)
        let reference = try mpg123Decode(path, in: folder).frames
        let frames = reference.count / 2
        #expect(frames > 200_000 && frames < 230_000)
        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == Int64(frames))
        #expect(firstDifference(source.sequentialFrames(count: frames + 10), reference + Array(repeating: 0, count: 20)) == "same")
        for read in randomReads(frames: frames, count: 10, seed: 5) {
            #expect(firstDifference(source.frames(from: read.start, count: read.count),
                                    expectedFrames(reference, frames: frames, start: read.start, count: read.count)) == "same")
        }
        let head = try #require(MP3HeadFixture(path: whole))
        #expect(source.warnings == ["\(path): its Xing header gives the audio as \(head.bytes) bytes, but the file holds "
                                    + "\(size / 2 - head.start) from the first frame on (cut short, or something appended?); "
                                    + "its length was counted from the frames instead"])
    }

    @Test("damage in the middle of an MP3 plays up to it, then silence, with libmpg123's reason once; no crash, no hang")
    func damagedMiddle() throws {
        let folder = try TemporaryFolder()
        let whole = try Fixture(format: .mp3, rate: 44_100, channels: 2).write(in: folder)
        let undamaged = try mpg123Decode(whole, in: folder).frames
        var data = try Data(contentsOf: URL(fileURLWithPath: whole))
        var random = SeededRandom(seed: 9)
        let middle = data.count / 2
        for i in middle..<(middle + 3_000) { data[i] = UInt8.random(in: 0...255, using: &random) }
        let path = folder.path("damaged.mp3")
        try data.write(to: URL(fileURLWithPath: path))
        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == 441_000)
        #expect(source.readFailure == nil)
        let read = source.sequentialFrames(count: 441_000)
        #expect(firstDifference(Array(read.prefix(400_000)), Array(undamaged.prefix(400_000))) == "same")
        #expect(read[(2 * 230_000)...].allSatisfy { $0 == 0 })
        #expect(source.readFailure == "a frame of another format (8000 Hz, 2 channels) in the stream")
    }

    @Test("an MPEG Layer II file is read by libmpg123 too: read through, exactly mpg123's decode; 50 jumps, the same samples within rounding (1e-6)")
    func layerII() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: .wav, rate: 48_000, channels: 2, seconds: 10)
        let wav = try fixture.write(in: folder, name: "source.wav")
        let path = folder.path("song.mp2")
        try runReference("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", wav, "-c:a", "mp2", "-b:a", "192k", "-f", "mp2", path])
        let reference = try mpg123Decode(path, in: folder).frames
        let frames = reference.count / 2
        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == Int64(frames))
        #expect(source.info.formatName == "MPEG Layer II")
        #expect(firstDifference(source.sequentialFrames(count: frames), reference) == "same")
        // After a jump libmpg123 decodes Layer II from a few frames before the target; whether
        // its filter bank then gives the front-to-back decode's last bits depends on the SIMD path
        // it picks (exact with AVX, a rounding step off here and there without: qemu's Nehalem,
        // scripts/emulated-cpu.sh). Right place, right sound: within 1e-6 (−120 dBFS).
        for read in randomReads(frames: frames, avoiding: 1_152, seed: 29) {
            #expect(firstDifference(source.frames(from: read.start, count: read.count),
                                    expectedFrames(reference, frames: frames, start: read.start, count: read.count), within: 1e-6) == "same",
                    "read of \(read.count) frames from \(read.start)")
        }
    }

    @Test("an MP3 is found by its content: named .wav it plays as MP3, and a WAV named .mp3 as WAV")
    func wrongExtension() throws {
        let folder = try TemporaryFolder()
        let mp3 = try Fixture(format: .mp3, rate: 44_100, channels: 2, seconds: 2).write(in: folder, name: "song.wav")
        let source = try AudioSource.open(path: mp3)
        #expect(source.info.format == .mp3)
        #expect(firstDifference(source.sequentialFrames(count: 88_200), try mpg123Decode(mp3, in: folder).frames) == "same")
        let wav = try Fixture(format: .wav, rate: 44_100, channels: 2, seconds: 1).write(in: folder, name: "song.mp3")
        #expect(try AudioFileProbe.info(path: wav).format == .wav)
    }
}

/// Test thread (a value). Where the first frame of an MP3 written by libsndfile starts and the
/// byte count its Xing/Info header gives (found by hand: "Xing" or "Info", flags with frames
/// and bytes).
struct MP3HeadFixture {
    let start: Int
    let bytes: Int
    /// Where the byte count sits in the file.
    let bytesOffset: Int

    init?(path: String) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        let bytes = [UInt8](data.prefix(8_192))
        guard let start = bytes.indices.first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] & 0xE0 == 0xE0 }) else { return nil }
        guard let tag = (start..<(start + 200)).first(where: {
            let word = String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self)
            return word == "Xing" || word == "Info"
        }) else { return nil }
        let number = { (i: Int) in bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        guard number(tag + 4) & 3 == 3 else { return nil }
        self.start = start
        self.bytesOffset = tag + 12
        self.bytes = number(tag + 12)
    }
}
