import Foundation
import Testing
@testable import Media

/// The packets of `path`'s audio as ffprobe lists them with libavformat's `advanced_editlist`
/// off: "time,size,offset" each. Test thread.
private func ffprobePackets(_ path: String) throws -> [String] {
    let printed = try runReference("/usr/bin/ffprobe", ["-v", "error", "-advanced_editlist", "0", "-select_streams", "a:0",
                                                         "-show_entries", "packet=pts,size,pos", "-of", "csv=p=0", path])
    return printed.split(separator: "\n").map { $0.split(separator: ",").prefix(3).joined(separator: ",") }
}

/// The decoder configuration (extradata) of `path`'s first stream as ffprobe shows it. Test thread.
private func ffprobeExtradata(_ path: String) throws -> [UInt8] {
    let printed = try runReference("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=extradata", "-show_data", path])
    // Lines of a hex dump: "00000000: 1210 56e5 00      ..V..": 8 groups of 4 digits after the offset.
    let hex = printed.split(separator: "\n").filter { $0.count > 10 && $0.dropFirst(8).hasPrefix(": ") }
        .map { String($0.dropFirst(10).prefix(39)).filter { !$0.isWhitespace } }.joined()
    return stride(from: 0, to: hex.count - 1, by: 2).map {
        UInt8(hex[hex.index(hex.startIndex, offsetBy: $0)..<hex.index(hex.startIndex, offsetBy: $0 + 2)], radix: 16)!
    }
}

@Suite("M4A packets read without libavformat")
struct MP4SampleTableTests {
    @Test("every packet of an ffmpeg-made M4A is where, as long and when ffprobe says; durations are the stts box's; the decoder's configuration is the esds box's",
          arguments: M4ATests.fixtures)
    func packetsEqualFFprobe(fixture: Fixture) throws {
        let folder = try TemporaryFolder()
        let path = try m4aFixture(fixture, pns: false, in: folder, name: "song.m4a")
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let table = try #require(MP4SampleTable.read(descriptor: descriptor))
        let listed = try ffprobePackets(path)
        // The encoder's priming and packet length as libavformat reads them (the first packet's
        // skip_samples and duration): what AAC encoders choose is theirs, not Woodshed's.
        let (priming, packetLength) = try ffprobePrimingAndPacketLength(path)
        let frames = Int64(fixture.frames)
        #expect(table.count == listed.count && Int64(table.count) == (priming + frames + packetLength - 1) / packetLength)
        let read = (0..<table.count).map { let p = table.packet($0); return "\(p.time),\(p.size),\(p.offset)" }
        let differ = zip(read, listed).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(differ == nil, "packet \(differ?.offset ?? 0): \(differ?.element.0 ?? "") here, \(differ?.element.1 ?? "") by ffprobe")
        #expect(table.decoderConfig == (try ffprobeExtradata(path)) && !table.decoderConfig.isEmpty)
        #expect(table.edit == MP4EditList(mediaTime: priming, duration: 20_000, movieTimeScale: 1_000, trackTimeScale: Int64(fixture.rate)))
        // The last packet holds what is left of the priming frames and the source (ffprobe
        // gives libavformat's own figure there, up to the track's mdhd length; decoding uses neither).
        #expect((0..<table.count - 1).allSatisfy { table.packet($0).duration == packetLength })
        #expect(table.packet(table.count - 1).duration == priming + frames - packetLength * Int64(table.count - 1))
        // The packet a seek starts from: the last one at or before the time (the first for a time before all).
        let times = listed.map { Int64($0.split(separator: ",")[0])! }
        let probes: [Int64] = [-5_000, -priming, -1, 0, packetLength - 1, packetLength, 20 * packetLength - 1, 20 * packetLength, Int64(1) << 40]
        #expect(probes.map { table.packet(at: $0) } == probes.map { t in times.lastIndex { $0 <= t } ?? 0 })
    }

    @Test("an M4A with its AAC track twice is left to libavformat, and reads the same samples as the one-track file read without it")
    func twoTracksThroughLibavformat() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: .wav, rate: 44_100, channels: 2, seconds: 20)
        let one = try m4aFixture(fixture, pns: false, in: folder, name: "one.m4a")
        let two = folder.path("two.m4a")
        try runReference("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", one, "-map", "0:a", "-map", "0:a", "-c", "copy", "-f", "mp4", two])
        let descriptor = open(two, O_RDONLY)
        defer { close(descriptor) }
        #expect(MP4SampleTable.read(descriptor: descriptor) == nil)
        let tables = try AudioSource.open(path: one), demuxed = try AudioSource.open(path: two)
        #expect(demuxed.info == AudioFileInfo(path: two, frames: Int64(fixture.frames), rate: 44_100, channels: 2,
                                              format: .other("AAC"), formatName: "AAC", seeksExactly: true))
        #expect(firstDifference(demuxed.sequentialFrames(count: fixture.frames), tables.sequentialFrames(count: fixture.frames)) == "same")
        for read in randomReads(frames: fixture.frames, count: 10, avoiding: 1_024, seed: 7) {
            #expect(firstDifference(demuxed.frames(from: read.start, count: read.count), tables.frames(from: read.start, count: read.count))
                    == "same", "read of \(read.count) frames from \(read.start)")
        }
    }
}
