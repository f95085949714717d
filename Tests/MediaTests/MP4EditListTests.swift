import Foundation
import Testing
@testable import Media

/// An ISO BMFF box: its size, type and payload. Test thread.
private func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
}

/// A big-endian 32-bit number's bytes. Test thread.
private func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

/// A version 0 mvhd or mdhd box with `scale` (the fields after it left out). Test thread.
private func timeBox(_ type: String, scale: UInt32) -> [UInt8] { box(type, [0, 0, 0, 0] + be32(0) + be32(0) + be32(scale) + be32(0)) }

/// A version 0 elst box with the edits (duration, media time, rate). Test thread.
private func elst(_ edits: [(UInt32, Int32, UInt32)]) -> [UInt8] {
    box("elst", [0, 0, 0, 0] + be32(UInt32(edits.count)) + edits.flatMap { be32($0.0) + be32(UInt32(bitPattern: $0.1)) + be32($0.2) })
}

/// A trak box with an mdhd of `scale` and `edits` (an edts box) if given. Test thread.
private func trak(scale: UInt32, edits: [UInt8]?) -> [UInt8] {
    box("trak", box("tkhd", [UInt8](repeating: 0, count: 84)) + (edits.map { box("edts", $0) } ?? [])
        + box("mdia", timeBox("mdhd", scale: scale)))
}

/// `bytes` written to a file in `folder`; its edit lists as `MP4EditList.tracks` reads them. Test thread.
private func tracks(_ bytes: [UInt8], in folder: TemporaryFolder) throws -> [MP4EditList.Edits]? {
    let path = folder.path("made.mp4")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    return MP4EditList.tracks(descriptor: descriptor)
}

@Suite("MP4 edit lists")
struct MP4EditListTests {
    @Test("an M4A made by ffmpeg: one track, one edit from its encoder's priming (as ffprobe reads it), as long as the source (in the movie's milliseconds)")
    func ffmpegM4A() throws {
        let folder = try TemporaryFolder()
        let path = try m4aFixture(Fixture(format: .wav, rate: 44_100, channels: 2, seconds: 2), pns: false, in: folder,
                                  name: "song.m4a")
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let priming = try ffprobePrimingAndPacketLength(path).priming
        #expect(MP4EditList.tracks(descriptor: descriptor)
                == [.simple(MP4EditList(mediaTime: priming, duration: 2_000, movieTimeScale: 1_000, trackTimeScale: 44_100))])
    }

    @Test("tracks in order: no edit list, one simple edit, two edits, an empty edit first, another rate, an edit before the track's start")
    func kinds() throws {
        let folder = try TemporaryFolder()
        let movie = box("ftyp", Array("M4A ".utf8) + be32(0)) + box("mdat", [1, 2, 3]) + box("moov", timeBox("mvhd", scale: 600) + [
            trak(scale: 48_000, edits: nil),
            trak(scale: 48_000, edits: elst([(36_000, 2_112, 0x0001_0000)])),
            trak(scale: 48_000, edits: elst([(600, 0, 0x0001_0000), (600, 48_000, 0x0001_0000)])),
            trak(scale: 44_100, edits: elst([(60, -1, 0x0001_0000), (600, 0, 0x0001_0000)])),
            trak(scale: 44_100, edits: elst([(600, 0, 0x0002_0000)])),
            trak(scale: 44_100, edits: elst([(600, -5, 0x0001_0000)])),
        ].joined())
        #expect(try tracks(movie, in: folder) == [
            .none, .simple(MP4EditList(mediaTime: 2_112, duration: 36_000, movieTimeScale: 600, trackTimeScale: 48_000)),
            .other, .other, .other, .other,
        ])
    }

    @Test("no moov box, or one cut short: nil; a WAV: nil")
    func notAMovie() throws {
        let folder = try TemporaryFolder()
        #expect(try tracks(box("ftyp", Array("M4A ".utf8) + be32(0)) + box("mdat", [1, 2, 3]), in: folder) == nil)
        let whole = box("moov", timeBox("mvhd", scale: 600) + trak(scale: 48_000, edits: elst([(600, 0, 0x0001_0000)])))
        #expect(try tracks(Array(whole.dropLast(4)), in: folder) == nil)
        let wav = folder.path("song.wav")
        try writeSound([Float](repeating: 0, count: 200), to: wav, rate: 48_000, channels: 2, format: FixtureFormat.wav.sndfileFormat)
        let descriptor = open(wav, O_RDONLY)
        defer { close(descriptor) }
        #expect(MP4EditList.tracks(descriptor: descriptor) == nil)
    }
}
