import Foundation
import Media
import Testing

@Suite("Reading at any position")
struct ExactReadTests {
    @Test("40 jumps anywhere in a file give exactly the frames of one front-to-back read, with silence outside the file",
          arguments: Fixture.all)
    func jumpsEqualSequentialRead(fixture: Fixture) throws {
        let folder = try TemporaryFolder()
        let path = try fixture.write(in: folder)
        let source = try AudioSource.open(path: path)
        let frames = fixture.frames
        #expect(source.info.frames == Int64(frames))

        let all = source.sequentialFrames(count: frames + 1_000)
        #expect(all[(2 * frames)...].allSatisfy { $0 == 0 })
        // Opus: the position is exact, the samples within 1e-6 (see `OpusDecoder`).
        let tolerance: Float = fixture.format == .opus ? 1e-6 : 0
        for read in seekPlan(frames: frames) {
            let got = source.frames(from: read.start, count: read.count)
            #expect(firstDifference(got, expectedFrames(all, frames: frames, start: read.start, count: read.count),
                                    within: tolerance) == "same",
                    "read of \(read.count) frames from \(read.start)")
        }
    }

    @Test("a WAV or FLAC file reads back exactly the samples written", arguments: Fixture.all.filter { $0.format.isLossless })
    func losslessReadsWhatWasWritten(fixture: Fixture) throws {
        let folder = try TemporaryFolder()
        let path = try fixture.write(in: folder)
        let source = try AudioSource.open(path: path)
        let written = stereo(fixture.samples(), channels: fixture.channels)
        #expect(source.sequentialFrames(count: fixture.frames, chunk: 3_333) == written)
        for read in seekPlan(frames: fixture.frames, seed: 7) {
            #expect(source.frames(from: read.start, count: read.count)
                    == expectedFrames(written, frames: fixture.frames, start: read.start, count: read.count))
        }
    }
}

@Suite("Reading at the edges")
struct EdgeReadTests {
    @Test("reads far before or after the file are silence, and a read of 0 frames touches nothing")
    func farOutside() throws {
        let folder = try TemporaryFolder()
        let path = try Fixture(format: .wav, rate: 48_000, channels: 2, seconds: 1).write(in: folder)
        let source = try AudioSource.open(path: path)
        #expect(source.frames(from: .min, count: 3) == Array(repeating: 0, count: 6))
        #expect(source.frames(from: .max - 1, count: 3) == Array(repeating: 0, count: 6))
        #expect(source.frames(from: -3, count: 3) == Array(repeating: 0, count: 6))
        var untouched: [Float] = [7, 7]
        untouched.withUnsafeMutableBufferPointer { source.read(from: 10, count: 0, into: $0.baseAddress!) }
        #expect(untouched == [7, 7])
        #expect(source.frames(from: -2, count: 4) == [0, 0, 0, 0] + source.frames(from: 0, count: 2))
    }
}
