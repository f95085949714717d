import Foundation
import Testing
@testable import Media

@Suite("MP3 frame walk")
struct MP3FrameWalkTests {
    @Test("walking the frame headers gives libmpg123's own frame index (mpg123_scan)", arguments: MP3Tests.fixtures)
    func walkEqualsScan(fixture: Fixture) throws {
        let folder = try TemporaryFolder()
        let path = try fixture.write(in: folder)
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let scanned = try #require(MP3FrameIndex.scan(descriptor: descriptor))
        let head = try #require(MP3StreamHead.read(descriptor: descriptor))
        let walked = try #require(MP3FrameWalk.table(descriptor: descriptor, head: head, fileSize: Int64(size)))
        #expect(walked.frames == scanned.frames)
        // The same frames at libmpg123's spacing.
        let ratio = Int(scanned.step / walked.step)
        #expect(scanned.step % walked.step == 0)
        #expect(stride(from: 0, to: walked.offsets.count, by: ratio).map { walked.offsets[$0] }.prefix(scanned.offsets.count)
                == scanned.offsets[...])
    }
}

@Suite("MP3 jumps before the frame index is built")
struct MP3EarlyJumpTests {
    @Test("jumps past a minute into a freshly opened MP3 (its headers walked, no index yet) read exactly mpg123's samples")
    func deepJumpsBeforeIndex() throws {
        let folder = try TemporaryFolder()
        let path = try Fixture(format: .mp3, rate: 44_100, channels: 1, seconds: 150, variableBitRate: true).write(in: folder)
        let reference = try mpg123Decode(path, in: folder).frames
        let starts: [Int64] = [100 * 44_100 + 7, 140 * 44_100 + 333, 61 * 44_100 + 1]
        for (k, start) in starts.enumerated() {
            // Opened as the source does, without starting the background scan.
            let source = try SourceFile.open(path: path)
            let decoder = try #require(source.decoder as? MP3Decoder)
            #expect(decoder.seek(to: start), "jump \(k)")
            var got = [Float](repeating: .nan, count: 4_000)
            #expect(got.withUnsafeMutableBufferPointer { decoder.read(into: $0.baseAddress!, frames: 4_000) } == 4_000)
            let expected = (0..<4_000).map { reference[2 * (Int(start) + $0)] }
            #expect(firstDifference(got, expected) == "same", "jump \(k) to \(start)")
        }
    }
}
