import Foundation
import Media
import Testing
import WoodshedTestSupport

@Suite("A file cut short while it is read")
struct ReadStopTests {
    @Test("a WAV truncated after it was opened: frames up to the cut, silence after, and where and why it stopped")
    func truncatedWhileOpen() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lesson.wav")
        try TestAudio.numberedWAV(path, frames: 48_000)
        let source = try AudioSource.open(path: path)
        #expect(source.readStop == nil)
        // The header up to the data chunk's contents, then 4 bytes a frame: keep 30000 frames.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let data = try #require(bytes.firstRange(of: Data("data".utf8)))
        #expect(truncate(path, off_t(data.upperBound + 4 + 30_000 * 4)) == 0)
        let read = source.frames(from: 29_990, count: 20)
        #expect(read == (29_990..<30_000).flatMap { [TestAudio.numbered($0), -TestAudio.numbered($0)] } + Array(repeating: 0, count: 20))
        #expect(source.readStop == ReadStop(frame: 30_000, reason: "the file ends early (cut short, or still being written)"))
        #expect(source.readFailure == "the file ends early (cut short, or still being written)")
        // The first place is kept.
        _ = source.frames(from: 40_000, count: 10)
        #expect(source.readStop?.frame == 30_000)
    }
}
