import CSndFile
import Foundation
import Media
import Testing
import WoodshedTestSupport

/// A fresh temporary folder per test, removed when the value is dropped. Test thread.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("woodshed-media-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Test thread (a value). A file format a fixture is written in, with libsndfile's code for it.
enum FixtureFormat: String, CaseIterable, Sendable {
    case wav, flac, vorbis, opus, mp3

    var sndfileFormat: Int32 {
        switch self {
        case .wav: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        case .flac: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)
        case .vorbis: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS)
        case .opus: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS)
        case .mp3: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III)
        }
    }

    var fileExtension: String {
        switch self {
        case .wav: "wav"
        case .flac: "flac"
        case .vorbis: "ogg"
        case .opus: "opus"
        case .mp3: "mp3"
        }
    }

    var audioFormat: AudioFormat {
        switch self {
        case .wav: .wav
        case .flac: .flac
        case .vorbis: .oggVorbis
        case .opus: .opus
        case .mp3: .mp3
        }
    }

    var isLossless: Bool { self == .wav || self == .flac }
}

/// Test thread (a value). One test file: format, rate, channels and length.
struct Fixture: Sendable, CustomTestStringConvertible {
    var format: FixtureFormat
    var rate: Int
    var channels: Int
    var seconds: Int = 10
    var seed: UInt64 = 1
    /// MP3 only: variable bit rate at libsndfile's compression level 0.7 (about 50 kbit/s in
    /// mono, like a spoken-word podcast) instead of libsndfile's default constant 128 kbit/s.
    var variableBitRate = false

    var frames: Int { rate * seconds }
    var testDescription: String {
        "\(format.rawValue)\(variableBitRate ? " VBR" : "") \(rate) Hz \(channels == 1 ? "mono" : "\(channels) ch")"
    }
    var fileName: String { "fixture-\(rate)-\(channels).\(format.fileExtension)" }

    /// Every format at 44.1 and 48 kHz stereo and 48 kHz mono (Opus only at 48 kHz: libsndfile
    /// writes Opus at 8, 12, 16, 24 and 48 kHz only), and a mono VBR MP3 at 44.1 kHz (the kind
    /// of file where libsndfile's own seeks go most wrong).
    static let all: [Fixture] = FixtureFormat.allCases.flatMap { format -> [Fixture] in
        let stereo = (format == .opus ? [48_000] : [44_100, 48_000]).map { Fixture(format: format, rate: $0, channels: 2) }
        return stereo + [Fixture(format: format, rate: 48_000, channels: 1)]
    } + [Fixture(format: .mp3, rate: 44_100, channels: 1, variableBitRate: true)]

    /// The samples written, interleaved: a sweep from 100 Hz to 8 kHz with some noise, a
    /// different one in each channel, loud and soft (−26 dB) by turns every half second, each
    /// sample a multiple of 1/32768 (exact in 16 bits).
    func samples() -> [Float] {
        var random = SeededRandom(seed: seed)
        var out = [Float](repeating: 0, count: frames * channels)
        let length = Double(frames) / Double(rate)
        for frame in 0..<frames {
            let t = Double(frame) / Double(rate)
            for channel in 0..<channels {
                let start = 100.0 * Double(channel + 1), end = 8_000.0 / Double(channel + 1)
                // Exponential sweep: phase = 2π f0 L / ln(f1/f0) · ((f1/f0)^(t/L) − 1).
                let k = log(end / start)
                let phase = 2 * Double.pi * start * length / k * (exp(k * t / length) - 1)
                let noise = Double(Int64(random.next() % 20_001) - 10_000) / 100_000
                let level = (2 * frame / rate) % 2 == 0 ? 1.0 : 0.05
                let value = level * (0.4 * sin(phase) + noise)
                out[frame * channels + channel] = Float((value * 32_767).rounded()) / 32_768
            }
        }
        return out
    }

    /// Writes the fixture into `folder`; its path.
    @discardableResult
    func write(in folder: TemporaryFolder, name: String? = nil) throws -> String {
        let path = folder.path(name ?? fileName)
        try writeSound(samples(), to: path, rate: rate, channels: channels, format: format.sndfileFormat,
                       variableBitRate: variableBitRate)
        return path
    }
}

/// Test thread (a value). Why a fixture could not be written or read.
struct FixtureError: Error, CustomStringConvertible { let description: String }

/// Writes interleaved frames with libsndfile. `samples` are multiples of 1/32768; 16-bit files
/// are written as integers so that they read back exactly these floats (libsndfile reads k as
/// k/32768 but writes a float x as round(32767 x)). Other formats are written as floats:
/// libsndfile 1.2.0 mixes the channels of stereo MP3 written with `sf_writef_short` (15 % of a
/// left-only tone's energy lands on the right). Test thread.
func writeSound(_ samples: [Float], to path: String, rate: Int, channels: Int, format: Int32,
                variableBitRate: Bool = false) throws {
    let sixteenBit = Int(format) & SF_FORMAT_SUBMASK == SF_FORMAT_PCM_16
    let shorts = sixteenBit ? samples.map { Int16(min(max(($0 * 32_768).rounded(), -32_768), 32_767)) } : []
    var info = SF_INFO()
    info.samplerate = Int32(rate)
    info.channels = Int32(channels)
    info.format = format
    guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
        throw FixtureError(description: "cannot write \(path): \(String(cString: sf_strerror(nil)))")
    }
    if variableBitRate {
        var mode = Int32(SF_BITRATE_MODE_VARIABLE)
        var level = 0.7
        sf_command(file, Int32(SFC_SET_BITRATE_MODE), &mode, Int32(MemoryLayout<Int32>.size))
        sf_command(file, Int32(SFC_SET_COMPRESSION_LEVEL), &level, Int32(MemoryLayout<Double>.size))
    }
    let frames = samples.count / channels
    let written = sixteenBit
        ? shorts.withUnsafeBufferPointer { sf_writef_short(file, $0.baseAddress, sf_count_t(frames)) }
        : samples.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(frames)) }
    let closed = sf_close(file)
    guard written == frames, closed == 0 else { throw FixtureError(description: "writing \(path) failed") }
}

/// Every frame of a file decoded sequentially by plain libsndfile, interleaved. Test thread.
func decodeAll(_ path: String) throws -> (samples: [Float], channels: Int) {
    var info = SF_INFO()
    guard let file = sf_open(path, Int32(SFM_READ), &info) else {
        throw FixtureError(description: "cannot read \(path): \(String(cString: sf_strerror(nil)))")
    }
    defer { sf_close(file) }
    let channels = Int(info.channels)
    var out: [Float] = []
    var chunk = [Float](repeating: 0, count: 8192 * channels)
    while true {
        let got = chunk.withUnsafeMutableBufferPointer { Int(sf_readf_float(file, $0.baseAddress, 8192)) }
        if got <= 0 { break }
        out += chunk[0..<(got * channels)]
    }
    return (out, channels)
}

/// Interleaved frames as AudioSource returns them: mono on both sides, the first two of more.
func stereo(_ samples: [Float], channels: Int) -> [Float] {
    let frames = samples.count / channels
    var out = [Float](repeating: 0, count: 2 * frames)
    for frame in 0..<frames {
        out[2 * frame] = samples[frame * channels]
        out[2 * frame + 1] = samples[frame * channels + min(1, channels - 1)]
    }
    return out
}

extension AudioSource {
    /// `count` frames from `start` as a new array. Test thread.
    func frames(from start: Int64, count: Int) -> [Float] {
        var out = [Float](repeating: .nan, count: 2 * count)
        out.withUnsafeMutableBufferPointer { read(from: start, count: count, into: $0.baseAddress!) }
        return out
    }

    /// Frames 0 ..< `count`, read front to back in chunks of `chunk` frames. Test thread.
    func sequentialFrames(count: Int, chunk: Int = 10_000) -> [Float] {
        var out = [Float](repeating: .nan, count: 2 * count)
        out.withUnsafeMutableBufferPointer { buffer in
            var done = 0
            while done < count {
                let n = min(chunk, count - done)
                read(from: Int64(done), count: n, into: buffer.baseAddress! + 2 * done)
                done += n
            }
        }
        return out
    }
}

/// The 40 reads (start, count) a seek test makes in a file of `frames` frames: 32 at random
/// (fixed seed) anywhere from before the start to past the end, and 8 at the edges.
func seekPlan(frames: Int, seed: UInt64 = 40) -> [(start: Int64, count: Int)] {
    var random = SeededRandom(seed: seed)
    var plan: [(start: Int64, count: Int)] = (0..<32).map { _ in
        (Int64(Int.random(in: -3_000..<(frames + 3_000), using: &random)), Int.random(in: 1...6_000, using: &random))
    }
    plan += [(-100, 500), (-5_000, 100), (0, 1), (Int64(frames - 50), 200), (Int64(frames - 1), 1),
             (Int64(frames - 4_103), 4_120), (Int64(frames), 10), (Int64(frames + 100_000), 64)]
    return plan
}

/// `plan`'s read taken from a sequential read of all frames (zeros outside them).
func expectedFrames(_ all: [Float], frames: Int, start: Int64, count: Int) -> [Float] {
    (0..<count).flatMap { i -> [Float] in
        let frame = start + Int64(i)
        guard frame >= 0, frame < Int64(frames) else { return [0, 0] }
        return [all[2 * Int(frame)], all[2 * Int(frame) + 1]]
    }
}

/// Modification time of a file in nanoseconds, and its inode. Test thread.
func modification(_ path: String) -> (nanoseconds: Int64, inode: UInt64)? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return (Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec), UInt64(status.st_ino))
}
