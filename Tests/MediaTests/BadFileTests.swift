import CSndFile
import Foundation
import Media
import Testing
import WoodshedTestSupport

/// Opening `path` both ways (probe, source) and returns the error text of each. Test thread.
private func errors(opening path: String, folder: TemporaryFolder) -> [String] {
    var texts: [String] = []
    do {
        _ = try AudioFileProbe.info(path: path)
        texts.append("probe: no error")
    } catch {
        texts.append(error.description)
    }
    do {
        _ = try AudioSource.open(path: path)
        texts.append("source: no error")
    } catch {
        texts.append(error.description)
    }
    return texts
}

/// The first `fraction` of a file's bytes, written to `name`. Test thread.
func cut(_ path: String, to fraction: Double, as name: String, in folder: TemporaryFolder) throws -> String {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let cutPath = folder.path(name)
    try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: cutPath))
    return cutPath
}

@Suite("Files that cannot be played")
struct BadFileTests {
    @Test("a missing file is named with the system's reason")
    func missing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("missing.wav")
        #expect(errors(opening: path, folder: folder) == Array(repeating: "\(path): cannot open: No such file or directory", count: 2))
        #expect(throws: AudioFileError.cannotOpen(path: path, reason: "No such file or directory")) {
            try AudioFileProbe.info(path: path)
        }
    }

    @Test("a folder or a pipe is not a file to play")
    func folderAndPipe() throws {
        let folder = try TemporaryFolder()
        #expect(errors(opening: folder.url.path, folder: folder)
                == Array(repeating: "\(folder.url.path): cannot open: Is a directory", count: 2))
        let pipe = folder.path("pipe.wav")
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(errors(opening: pipe, folder: folder) == Array(repeating: "\(pipe): cannot open: not a regular file", count: 2))
    }

    @Test("a file the user may not read is named with the system's reason", .enabled(if: getuid() != 0))
    func unreadable() throws {
        let folder = try TemporaryFolder()
        let path = try Fixture(format: .wav, rate: 48_000, channels: 1, seconds: 1).write(in: folder)
        #expect(chmod(path, 0) == 0)
        #expect(errors(opening: path, folder: folder) == Array(repeating: "\(path): cannot open: Permission denied", count: 2))
    }

    @Test("an empty file says it is empty")
    func empty() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.mp3")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(errors(opening: path, folder: folder) == Array(repeating: "\(path): the file is empty (0 bytes)", count: 2))
    }

    @Test("a text file is not audio")
    func text() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.wav")
        try "Verse 1: bars 1–16, chorus ×2\nbridge at 2:45\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(errors(opening: path, folder: folder) == Array(repeating: "\(path): not an audio file (it holds text)", count: 2))
    }

    @Test("random bytes are an unsupported format")
    func randomBytes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("noise.flac")
        var random = SeededRandom(seed: 3)
        try Data((0..<10_000).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: URL(fileURLWithPath: path))
        #expect(errors(opening: path, folder: folder)
                == Array(repeating: "\(path): unsupported format (libsndfile does not recognise it)", count: 2))
    }

    @Test("a MIDI file is an unsupported format: notes, not sound")
    func midi() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("song.mid")
        let bytes: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0, 96] + Array("MTrk".utf8)
            + [0, 0, 0, 12, 0, 0x90, 60, 100, 96, 0x80, 60, 0, 0, 0xFF, 0x2F, 0]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(errors(opening: path, folder: folder)
                == Array(repeating: "\(path): unsupported format (a MIDI file holds notes, not sound)", count: 2))
    }

    @Test("a WAV header without any frames holds no audio")
    func noFrames() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("silence.wav")
        try writeSound([], to: path, rate: 48_000, channels: 2, format: FixtureFormat.wav.sndfileFormat)
        #expect(errors(opening: path, folder: folder) == Array(repeating: "\(path): holds no audio (0 frames)", count: 2))
    }

    @Test("a WAV cut inside its header is damaged, in libsndfile's words")
    func wavCutInHeader() throws {
        let folder = try TemporaryFolder()
        let whole = try Fixture(format: .wav, rate: 44_100, channels: 2, seconds: 1).write(in: folder)
        let path = folder.path("header.wav")
        try Data(contentsOf: URL(fileURLWithPath: whole)).prefix(30).write(to: URL(fileURLWithPath: path))
        #expect(errors(opening: path, folder: folder)
                == Array(repeating: "\(path): damaged audio file (Error in WAV file. No 'data' chunk marker)", count: 2))
    }

    @Test("half a FLAC file is cut short: its header promises more frames than are there")
    func halfFLAC() throws {
        let folder = try TemporaryFolder()
        let path = try cut(Fixture(format: .flac, rate: 44_100, channels: 2).write(in: folder), to: 0.5,
                           as: "half.flac", in: folder)
        let text = "\(path): the file is cut short (its header promises 441000 frames; the audio ends before that)"
        #expect(errors(opening: path, folder: folder) == [text, text])
    }

    @Test("a WAV whose data is cut plays the frames that are there")
    func wavCutInData() throws {
        let folder = try TemporaryFolder()
        let fixture = Fixture(format: .wav, rate: 44_100, channels: 2)
        let whole = try fixture.write(in: folder)
        let size = try #require(FileManager.default.attributesOfItem(atPath: whole)[.size] as? Int)
        #expect(size == 44 + 441_000 * 4)
        let path = try cut(whole, to: 0.5, as: "half.wav", in: folder)
        let frames = (size / 2 - 44) / 4  // the last frame is whole: 882_022 bytes, 220_494 frames
        #expect(frames == 220_494)
        let info = try AudioFileProbe.info(path: path)
        #expect(info.frames == Int64(frames))
        let source = try AudioSource.open(path: path)
        #expect(source.sequentialFrames(count: frames + 10)
                == Array(stereo(fixture.samples(), channels: 2).prefix(2 * frames)) + Array(repeating: 0, count: 20))
    }

    @Test("an MP3 cut in half plays the frames that decode, counted when it is opened")
    func mp3CutInHalf() throws {
        let folder = try TemporaryFolder()
        let path = try cut(Fixture(format: .mp3, rate: 44_100, channels: 2).write(in: folder), to: 0.5,
                           as: "half.mp3", in: folder)
        let decoded = try mpg123Decode(path, in: folder).frames
        let frames = decoded.count / 2
        #expect(frames > 200_000 && frames < 230_000)
        #expect(try AudioFileProbe.info(path: path).frames == Int64(frames))  // not the LAME header's 441000
        let source = try AudioSource.open(path: path)
        #expect(source.info.frames == Int64(frames))
        #expect(firstDifference(source.sequentialFrames(count: frames + 10), decoded + Array(repeating: 0, count: 20)) == "same")
    }
}
