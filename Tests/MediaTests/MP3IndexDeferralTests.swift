import Foundation
import Testing
@testable import Media

/// The live player holds an MP3's frame index back until its first period is queued, so that the
/// scan of a long file does not compete with the first sound (issue 17).
@Suite("MP3 frame index held back until the first sound")
struct MP3IndexDeferralTests {
    @Test("opened with indexNow false, an MP3 reads with no index scan; once allowed, the next read starts it, and the samples are the same")
    func indexWaitsUntilAllowed() throws {
        let folder = try TemporaryFolder()
        let path = try Fixture(format: .mp3, rate: 44_100, channels: 1, seconds: 20, variableBitRate: true).write(in: folder)
        let eager = try AudioSource.open(path: path)
        #expect((eager.decoder as? MP3Decoder)?.indexingStarted == true)

        let source = try AudioSource.open(path: path, indexNow: false)
        let decoder = try #require(source.decoder as? MP3Decoder)
        #expect(!decoder.indexingStarted)
        var held = [Float](repeating: .nan, count: 2 * 12_288), plain = held
        held.withUnsafeMutableBufferPointer { source.read(from: 0, count: 8_192, into: $0.baseAddress!) }
        #expect(!decoder.indexingStarted)
        source.allowIndexing()
        #expect(!decoder.indexingStarted)  // the reading thread starts it, at its next read
        held.withUnsafeMutableBufferPointer { source.read(from: 8_192, count: 4_096, into: $0.baseAddress! + 2 * 8_192) }
        #expect(decoder.indexingStarted)

        plain.withUnsafeMutableBufferPointer { eager.read(from: 0, count: 12_288, into: $0.baseAddress!) }
        #expect(firstDifference(held, plain) == "same")
    }
}
