import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

/// Test thread (a value). What happened to plain libsndfile seeks in one file.
private struct SeekCount: Equatable, CustomStringConvertible {
    /// Reads whose samples differ at all from the front-to-back decode.
    var wrong = 0
    /// Reads with a sample off by more than 0.001 (−60 dBFS): wrong audio, not rounding.
    var audiblyWrong = 0
    var reads = 0
    /// The largest difference of any sample.
    var largestError: Float = 0

    var description: String { "\(wrong) of \(reads) wrong, \(audiblyWrong) audibly, largest error \(largestError)" }
}

/// Plain `sf_seek` + `sf_readf_float` of 1024 frames at `starts`, against one front-to-back
/// decode of the same file through the same libsndfile. Test thread.
private func plainSeeks(_ path: String, starts: (_ frames: Int) -> [Int]) throws -> SeekCount {
    let decoded = try decodeAll(path)
    let channels = decoded.channels, frames = decoded.samples.count / channels
    var info = SF_INFO()
    let file = try #require(sf_open(path, Int32(SFM_READ), &info))
    defer { sf_close(file) }
    var buffer = [Float](repeating: 0, count: 1_024 * channels)
    var count = SeekCount()
    for start in starts(frames) {
        #expect(sf_seek(file, sf_count_t(start), SEEK_SET) == start)
        let got = buffer.withUnsafeMutableBufferPointer { Int(sf_readf_float(file, $0.baseAddress, 1_024)) }
        #expect(got == 1_024)
        let expected = decoded.samples[(start * channels)..<((start + 1_024) * channels)]
        let error = zip(buffer, expected).map { abs($0 - $1) }.max() ?? 0
        count.reads += 1
        if error > 0 { count.wrong += 1 }
        if error > 0.001 { count.audiblyWrong += 1 }
        count.largestError = max(count.largestError, error)
    }
    return count
}

/// 40 starts at random (fixed seed) in a file of `frames` frames.
private func randomStarts(_ frames: Int) -> [Int] {
    var random = SeededRandom(seed: 885)
    return (0..<40).map { _ in Int.random(in: 0..<(frames - 1_024), using: &random) }
}

/// A start every 500 frames.
private func everyStart(_ frames: Int) -> [Int] { Array(stride(from: 0, to: frames - 1_024, by: 500)) }

/// Test thread. Pins what libsndfile 1.2.0 (Debian 12, with mpg123 1.31, libvorbis 1.3.7, libopus 1.3.1)
/// does with its own seeks here, which is why MP3, Vorbis and Opus are read from a decoded
/// copy. If a libsndfile update changes these numbers, this suite says so.
@Suite("libsndfile's own seeks, measured")
struct UpstreamSeekTests {
    @Test("plain sf_seek in a low-rate mono VBR MP3 returns wrong audio at most positions; in CBR mono, rounding differences")
    func mp3() throws {
        let folder = try TemporaryFolder()
        let podcast = try plainSeeks(Fixture(format: .mp3, rate: 44_100, channels: 1, variableBitRate: true)
            .write(in: folder), starts: randomStarts)
        #expect((podcast.wrong, podcast.audiblyWrong) == (35, 26))
        #expect(podcast.largestError > 0.5)
        let constant = try plainSeeks(Fixture(format: .mp3, rate: 48_000, channels: 1).write(in: folder), starts: randomStarts)
        #expect((constant.wrong, constant.audiblyWrong) == (18, 0))
        #expect(constant.largestError <= 1.2e-7)
        let stereo = try plainSeeks(Fixture(format: .mp3, rate: 44_100, channels: 2).write(in: folder), starts: randomStarts)
        #expect(stereo == SeekCount(reads: 40))
    }

    @Test("plain sf_seek in Ogg Vorbis returns wrong audio, near full scale, at one position in four")
    func vorbis() throws {
        let folder = try TemporaryFolder()
        let result = try plainSeeks(Fixture(format: .vorbis, rate: 44_100, channels: 2).write(in: folder), starts: randomStarts)
        #expect((result.wrong, result.audiblyWrong) == (10, 10))
        #expect(result.largestError > 0.8)
    }

    @Test("plain sf_seek in Opus differs from a front-to-back decode by a rounding step at a few positions")
    func opus() throws {
        let folder = try TemporaryFolder()
        let stereo = try plainSeeks(Fixture(format: .opus, rate: 48_000, channels: 2).write(in: folder), starts: everyStart)
        #expect((stereo.reads, stereo.wrong, stereo.audiblyWrong) == (958, 31, 0))
        #expect(stereo.largestError <= 4.2e-7)
        let mono = try plainSeeks(Fixture(format: .opus, rate: 48_000, channels: 1).write(in: folder), starts: everyStart)
        #expect((mono.reads, mono.wrong, mono.audiblyWrong) == (958, 5, 0))
        #expect(mono.largestError <= 1.2e-7)
    }

    @Test("plain sf_seek in WAV and FLAC is exact")
    func lossless() throws {
        let folder = try TemporaryFolder()
        for format in [FixtureFormat.wav, .flac] {
            let path = try Fixture(format: format, rate: 44_100, channels: 2).write(in: folder)
            #expect(try plainSeeks(path, starts: everyStart) == SeekCount(reads: 880))
        }
    }
}
