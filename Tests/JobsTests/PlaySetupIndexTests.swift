import Foundation
import Jobs
@testable import Media
import Persistence
import Testing
import WoodshedTestSupport

/// `woodshed play` opens the file and primes the first buffer before anything else: the frame
/// index of an MP3 (a scan of the whole file) waits until the output runs (issue 17).
@Suite("PlaySetup: the MP3 frame index waits for the first sound")
struct PlaySetupIndexTests {
    @Test("live, the MP3's frame index is not scanned while opening; allowIndexing lets the reader start it; offline it starts at once")
    func liveHoldsTheIndexBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("lesson.wav").path, mp3 = folder.appendingPathComponent("lesson.mp3").path
        try TestAudio.write(wav, (0..<240_000).map { Float(sin(Double($0) * 0.05) * 0.5) })
        let encode = Process()
        encode.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        encode.arguments = ["-v", "error", "-y", "-i", wav, "-c:a", "libmp3lame", "-q:a", "6", mp3]
        try encode.run()
        encode.waitUntilExit()
        try #require(encode.terminationStatus == 0)
        let store = SectionStore(folder: folder.appendingPathComponent("sections"))

        let live = try PlaySetup(path: mp3, options: PlayRequest(), countIn: nil, live: true, store: store)
        let decoder = try #require(live.files.first?.decoder as? MP3Decoder)
        var buffer = [Float](repeating: 0, count: 2 * 4_096)
        buffer.withUnsafeMutableBufferPointer { live.files[0].read(from: 0, count: 4_096, into: $0.baseAddress!) }
        #expect(!decoder.indexingStarted)
        live.allowIndexing()
        buffer.withUnsafeMutableBufferPointer { live.files[0].read(from: 4_096, count: 4_096, into: $0.baseAddress!) }
        #expect(decoder.indexingStarted)

        let offline = try PlaySetup(path: mp3, options: PlayRequest(), countIn: nil, store: store)
        #expect((offline.files.first?.decoder as? MP3Decoder)?.indexingStarted == true)
    }
}
