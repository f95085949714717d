import CSndFile
import Foundation
import OfflineBackend
import Testing

/// Export for a phone: MP3, Ogg Vorbis and Opus as libsndfile writes them, decoded back by the
/// reference decoders (mpg123, oggdec, opusdec) to exactly the frames written.
@Suite("SoundFileWriter: MP3, Ogg Vorbis and Opus decode back to exactly the frames written")
struct LossyExportTests {
    /// Runs `program` to its end; throws with its standard error unless it exits with 0.
    static func run(_ program: String, _ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let said = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(program): \(String(decoding: said, as: UTF8.self))"])
        }
    }

    /// Frames, channels and rate of a sound file, as libsndfile reads its header.
    static func shape(_ path: String) -> (frames: Int64, channels: Int, rate: Int)? {
        var info = SF_INFO()
        guard let f = sf_open(path, Int32(SFM_READ), &info) else { return nil }
        sf_close(f)
        return (info.frames, Int(info.channels), Int(info.samplerate))
    }

    @Test("1.25 s of stereo at 48 kHz (60 000 frames) decodes to 60 000 frames in each format, at each quality given", arguments: [
        (OutputFormat.mp3, Optional<Int>.none), (.mp3, 2), (.ogg, nil), (.ogg, 9), (.opus, nil), (.opus, 0),
    ])
    func decodesToLength(format: OutputFormat, quality: Int?) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ws-lossy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("loop.\(format.rawValue)").path
        let frames = 60_000
        let w = try SoundFileWriter(path: path, format: format, rate: 48_000, channels: 2, frames: Int64(frames), quality: quality)
        var x = [Float](repeating: 0, count: 2 * frames)
        for i in 0..<frames {
            let s = Float(sin(Double(i) * 2 * Double.pi * 440 / 48_000))
            x[2 * i] = 0.5 * s
            x[2 * i + 1] = 0.25 * s
        }
        // In blocks, as a render writes them.
        try x.withUnsafeMutableBufferPointer { b in
            for start in stride(from: 0, to: frames, by: 16_384) {
                try w.write(b.baseAddress! + 2 * start, frames: min(16_384, frames - start))
            }
        }
        try w.commit()
        #expect(w.formatDescription == format.rawValue)
        let decoded = path + ".wav"
        switch format {
        case .mp3: try Self.run("/usr/bin/mpg123", ["-q", "-w", decoded, path])
        case .ogg: try Self.run("/usr/bin/oggdec", ["-Q", "-o", decoded, path])
        default: try Self.run("/usr/bin/opusdec", ["--quiet", "--rate", "48000", path, decoded])
        }
        let got = try #require(Self.shape(decoded))
        #expect(got.frames == Int64(frames))
        #expect(got.channels == 2 && got.rate == 48_000)
    }

    @Test("Opus is written at 48 kHz only: another rate is refused before any file is made")
    func opusRate() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ws-lossy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: RenderError.unsupported("opus at 44100 Hz")) {
            _ = try SoundFileWriter(path: dir.appendingPathComponent("x.opus").path, format: .opus, rate: 44_100, channels: 2, frames: 10)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }
}
