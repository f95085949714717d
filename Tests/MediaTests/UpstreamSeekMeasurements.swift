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

/// Test thread. Measures what libsndfile does with its own seeks in lossy files here, which is why
/// MP3, Vorbis and Opus are read through their own decoders (Woodshed's reads are checked against
/// the reference decoders' front-to-back decodes in MP3Tests, VorbisTests and OpusTests, on any
/// machine). Each line printed opens with "measured:" for `make bench` to collect.
@Suite("libsndfile's own seeks, measured", .enabled(if: Measurements.enabled))
struct UpstreamSeekMeasurements {
    @Test("plain sf_seek in MP3 (VBR mono, CBR mono, stereo), Ogg Vorbis and Opus (stereo, mono) against a front-to-back decode")
    func lossy() throws {
        let folder = try TemporaryFolder()
        let files: [(String, Fixture, (Int) -> [Int])] = [
            ("MP3, 44.1 kHz mono VBR, 40 random seeks", Fixture(format: .mp3, rate: 44_100, channels: 1, variableBitRate: true), randomStarts),
            ("MP3, 48 kHz mono CBR, 40 random seeks", Fixture(format: .mp3, rate: 48_000, channels: 1), randomStarts),
            ("MP3, 44.1 kHz stereo, 40 random seeks", Fixture(format: .mp3, rate: 44_100, channels: 2), randomStarts),
            ("Ogg Vorbis, 44.1 kHz stereo, 40 random seeks", Fixture(format: .vorbis, rate: 44_100, channels: 2), randomStarts),
            ("Opus, 48 kHz stereo, a seek every 500 frames", Fixture(format: .opus, rate: 48_000, channels: 2), everyStart),
            ("Opus, 48 kHz mono, a seek every 500 frames", Fixture(format: .opus, rate: 48_000, channels: 1), everyStart),
        ]
        for (name, fixture, starts) in files {
            let count = try plainSeeks(fixture.write(in: folder), starts: starts)
            #expect(count.reads > 0)
            print("measured: \(name): \(count)")
        }
    }
}

/// Test thread. What Woodshed relies on to read WAV and FLAC with libsndfile's own seeks: a
/// lossless decode is the same wherever it starts (integer samples, on any CPU).
@Suite("libsndfile's seeks in lossless files")
struct LosslessSeekTests {
    @Test("plain sf_seek in WAV and FLAC is exact")
    func lossless() throws {
        let folder = try TemporaryFolder()
        for format in [FixtureFormat.wav, .flac] {
            let path = try Fixture(format: format, rate: 44_100, channels: 2).write(in: folder)
            #expect(try plainSeeks(path, starts: everyStart) == SeekCount(reads: 880))
        }
    }
}
