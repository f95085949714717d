import CSndFile
import Foundation
import OfflineBackend
import Testing

/// What a render writes to disk: plain WAV, RF64 past 4 GiB, and a refusal rather than a
/// wrapped header. Real files through libsndfile, read back by libsndfile.
@Suite("SoundFileWriter: WAV, and RF64 when a WAV would pass 4 GiB")
struct SoundFileWriterTests {
    /// A fresh folder, removed by the caller.
    static func folder() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("ws-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// Writes `frames` mono frames of k/32768 (exact in 16 bits) through a writer.
    static func write(_ path: String, format: OutputFormat, frames: Int, expected: Int64, limit: Int64) throws -> SoundFileWriter {
        let w = try SoundFileWriter(path: path, format: format, rate: 48_000, frames: expected, wavDataLimit: limit)
        var x = (0..<frames).map { Float($0 % 1000) / 32_768 }
        try x.withUnsafeMutableBufferPointer { try w.write($0.baseAddress!, frames: frames) }
        return w
    }

    /// The major format, frames and samples of a file, as libsndfile reads it.
    static func read(_ path: String) throws -> (major: Int32, frames: Int64, samples: [Float]) {
        var info = SF_INFO()
        let f = try #require(sf_open(path, Int32(SFM_READ), &info))
        defer { sf_close(f) }
        var x = [Float](repeating: 0, count: Int(info.frames))
        _ = x.withUnsafeMutableBufferPointer { sf_readf_float(f, $0.baseAddress, info.frames) }
        return (info.format & Int32(SF_FORMAT_TYPEMASK), Int64(info.frames), x)
    }

    static func magic(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)).prefix(4), as: UTF8.self)
    }

    @Test("under the limit: a plain RIFF WAV, described as its format")
    func plainWAV() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("small.wav").path
        let w = try Self.write(path, format: .wav16, frames: 1_000, expected: 1_000, limit: 2_000)
        try w.commit()
        #expect(!w.isRF64 && w.formatDescription == "wav16")
        #expect(try Self.magic(path) == "RIFF")
        let r = try Self.read(path)
        #expect(r.major == Int32(SF_FORMAT_WAV) && r.frames == 1_000)
        #expect(r.samples == (0..<1_000).map { Float($0) / 32_768 })
    }

    @Test("over the limit: RF64 with every sample, read back by libsndfile")
    func rf64() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("long.wav").path
        let w = try Self.write(path, format: .wav16, frames: 1_001, expected: 1_001, limit: 2_000)
        try w.commit()
        #expect(w.isRF64 && w.formatDescription == "wav16 as RF64")
        #expect(try Self.magic(path) == "RF64")
        let r = try Self.read(path)
        #expect(r.major == Int32(SF_FORMAT_RF64) && r.frames == 1_001)
        #expect(r.samples == (0..<1_001).map { Float($0 % 1000) / 32_768 })
    }

    @Test("the real limit: 4 GiB of data less 4 KiB, counted in bytes per frame; FLAC never")
    func realLimit() {
        let limit = OutputFormat.wavDataLimit
        #expect(limit == 4_294_963_199)
        // Three hours of 96 kHz stereo float (8.3 GB) is RF64; an hour of 48 kHz stereo 16-bit is not.
        #expect(OutputFormat.wav32f.needsRF64(frames: 3 * 3_600 * 96_000, channels: 2))
        #expect(!OutputFormat.wav16.needsRF64(frames: 3_600 * 48_000, channels: 2))
        #expect(!OutputFormat.wav24.needsRF64(frames: limit / 9, channels: 3))
        #expect(OutputFormat.wav24.needsRF64(frames: limit / 9 + 1, channels: 3))
        #expect(!OutputFormat.flac24.needsRF64(frames: 10 * limit, channels: 2))
    }

    @Test("more frames than the WAV was opened for, past its limit: refused with the reason, nothing left on disk")
    func overflowRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("short.wav").path
        let w = try SoundFileWriter(path: path, format: .wav16, rate: 48_000, frames: 500, wavDataLimit: 2_000)
        var x = [Float](repeating: 0.25, count: 1_001)
        try x.withUnsafeMutableBufferPointer { try w.write($0.baseAddress!, frames: 1_000) }
        #expect(throws: RenderError.cannotWrite(path: path, reason: "more than a WAV file holds (4 GiB); render it as FLAC")) {
            try x.withUnsafeMutableBufferPointer { try w.write($0.baseAddress!, frames: 1) }
        }
        w.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }
    /// Every 16-bit value, -32768 through 32767, as libsndfile reads it (k/32768), then a
    /// float above full scale and one below (clamped to 32767 and -32768).
    static let everyValue: [Float] = (-32_768...32_767).map { Float($0) / 32_768 } + [1.5, -1.5]

    /// The samples of a 16-bit file as the integers stored.
    static func shorts(_ path: String) throws -> [Int16] {
        var info = SF_INFO()
        let f = try #require(sf_open(path, Int32(SFM_READ), &info))
        defer { sf_close(f) }
        var x = [Int16](repeating: 0, count: Int(info.frames) * Int(info.channels))
        _ = x.withUnsafeMutableBufferPointer { sf_readf_short(f, $0.baseAddress, info.frames) }
        return x
    }

    @Test("16-bit WAV and FLAC: every value libsndfile reads as k/32768 is written back as k, full scale included")
    func sixteenBitTransparent() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let expected = (-32_768...32_767).map { Int16($0) } + [32_767, -32_768]
        for format in [OutputFormat.wav16, .flac16] {
            let path = dir.appendingPathComponent("all.\(format.rawValue)").path
            let frames = Self.everyValue.count
            let w = try SoundFileWriter(path: path, format: format, rate: 48_000, frames: Int64(frames))
            var x = Self.everyValue
            try x.withUnsafeMutableBufferPointer { try w.write($0.baseAddress!, frames: frames) }
            try w.commit()
            let got = try Self.shorts(path)
            let off = zip(got, expected).filter { $0 != $1 }.count
            #expect(got.count == expected.count && off == 0, "\(format.rawValue): \(off) values differ")
            #expect(try Self.read(path).samples == Self.everyValue.dropLast(2) + [32_767 / 32_768, -1])
        }
    }

    @Test("24-bit: ±full scale and one step above -1 come back as the integers 2^23 − 1, −2^23 and −2^23 + 1")
    func twentyFourBitFullScale() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("edges.wav").path
        let w = try SoundFileWriter(path: path, format: .wav24, rate: 48_000, frames: 4)
        let step: Float = 1 / 8_388_608
        var x: [Float] = [1, -1, -1 + step, 0.5 + step]
        try x.withUnsafeMutableBufferPointer { try w.write($0.baseAddress!, frames: 4) }
        try w.commit()
        #expect(try Self.read(path).samples == [1 - step, -1, -1 + step, 0.5 + step])
    }
}
