import CSndFile
import Foundation
import Media
import Testing

@Suite("What a file holds")
struct AudioFileProbeTests {
    @Test("probing a file gives its length, rate, channels and format, and whether it must be decoded first",
          arguments: Fixture.all)
    func probe(fixture: Fixture) throws {
        let folder = try TemporaryFolder()
        let path = try fixture.write(in: folder)
        let format = fixture.format.audioFormat
        let expected = AudioFileInfo(path: path, frames: Int64(fixture.frames), rate: fixture.rate,
                                     channels: fixture.channels, format: format, formatName: format.name,
                                     seeksExactly: true)
        #expect(try AudioFileProbe.info(path: path) == expected)
        let source = try AudioSource.open(path: path)
        #expect(source.info == expected)
        // What the practice file's fingerprint is taken from: the probe's answer, without a second open.
        #expect(source.headerInfo == expected)
    }

    @Test("formats carry the names users know")
    func formatNames() {
        #expect([AudioFormat.wav, .flac, .oggVorbis, .opus, .mp3, .other("AIFF")].map(\.name)
                == ["WAV", "FLAC", "Ogg Vorbis", "Opus", "MP3", "AIFF"])
    }

    @Test("an AIFF file is another format, read in place")
    func aiff() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("tone.aiff")
        try writeSound([0.5, -0.5, 0.25, -0.25], to: path, rate: 22_050, channels: 2,
                       format: Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_16))
        let info = try AudioFileProbe.info(path: path)
        #expect(info == AudioFileInfo(path: path, frames: 2, rate: 22_050, channels: 2, format: .other("AIFF"),
                                      formatName: "AIFF", seeksExactly: true))
        let source = try AudioSource.open(path: path)
        #expect(source.frames(from: -1, count: 4) == [0, 0, 0.5, -0.5, 0.25, -0.25, 0, 0])
    }
}

@Suite("Formats with state across frames")
struct StatefulCodecTests {
    @Test("a WAV in IMA ADPCM is a WAV read by libsndfile from its start, in place, exactly at every position")
    func adpcmWAV() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: .wav, rate: 22_050, channels: 1, seconds: 4)
        let path = folder.path("adpcm.wav")
        try writeSound(fixture.samples(), to: path, rate: 22_050, channels: 1, format: Int32(SF_FORMAT_WAV | SF_FORMAT_IMA_ADPCM))
        let info = try AudioFileProbe.info(path: path)
        #expect(info.format == .wav && info.formatName == "WAV" && info.seeksExactly)
        let source = try AudioSource.open(path: path)
        let frames = Int(source.info.frames)
        let all = source.sequentialFrames(count: frames)
        #expect(firstDifference(all, stereo(try decodeAll(path).samples, channels: 1)) == "same")
        for read in seekPlan(frames: frames) {
            #expect(source.frames(from: read.start, count: read.count)
                    == expectedFrames(all, frames: frames, start: read.start, count: read.count))
        }
    }
}
