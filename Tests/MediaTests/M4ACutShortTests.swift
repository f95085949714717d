import Foundation
import Media
import Testing

/// An M4A cut short, or still being written: an MP4 writer puts the index (the moov box) either
/// first (`-movflags +faststart`, what downloads usually are) or last (what a recording is until
/// it is finished).
@Suite("AAC in M4A cut short, or still being written")
struct M4ACutShortTests {
    @Test("index first, cut in the middle: it plays the whole packets that are there, sample for sample as the whole file, with one warning naming the file and the seconds")
    func cutAfterIndex() throws {
        let folder = try TemporaryFolder()
        let made = try m4aFixture(Fixture(format: .wav, rate: 48_000, channels: 2, seconds: 4), pns: false, in: folder, name: "made.m4a")
        let fast = folder.path("fast.m4a")
        try runReference("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", made, "-c", "copy", "-movflags", "+faststart", "-f", "mp4", fast])
        let whole = try AudioSource.open(path: fast)
        #expect(whole.info.frames == 192_000 && whole.warnings == [])
        let path = try cut(fast, to: 0.6, as: "cut.m4a", in: folder)

        let source = try AudioSource.open(path: path)
        let frames = Int(source.info.frames)
        // Whole packets, less the encoder's priming (both as ffprobe reads them): about 60 % of the file.
        let (priming, packetLength) = try ffprobePrimingAndPacketLength(fast)
        #expect((Int64(frames) + priming) % packetLength == 0 && frames > 96_000 && frames < 130_000, "\(frames)")
        let seconds = String(format: "%.3f", Double(frames) / 48_000)
        #expect(source.warnings == ["\(path): the file ends before its last packet (cut short, or still being written?); "
                                    + "it plays the \(seconds) s that are there"])
        #expect(firstDifference(source.sequentialFrames(count: frames), whole.frames(from: 0, count: frames)) == "same")
        #expect(firstDifference(source.frames(from: Int64(frames) - 5_000, count: 5_000),
                                whole.frames(from: Int64(frames) - 5_000, count: 5_000)) == "same")
        #expect(source.readFailure == nil)
    }

    @Test("index last, cut before it: one line, the file is cut short; no packet is guessed at")
    func cutBeforeIndex() throws {
        let folder = try TemporaryFolder()
        let made = try m4aFixture(Fixture(format: .wav, rate: 48_000, channels: 2, seconds: 4), pns: false, in: folder, name: "made.m4a")
        let path = try cut(made, to: 0.6, as: "recording.m4a", in: folder)
        #expect(throws: AudioFileError.truncated(path: path, expectedFrames: nil)) { try AudioSource.open(path: path) }
        #expect(AudioFileError.truncated(path: path, expectedFrames: nil).description
                == "\(path): the file is cut short (its end is missing, so its length is unknown)")
    }
}
