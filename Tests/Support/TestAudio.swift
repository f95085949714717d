import CSndFile
import Foundation

/// Sound files for tests, written and read through libsndfile: the one place the test targets
/// make fixtures and read back what woodshed wrote. Any test thread.
public enum TestAudio {
    /// A whole sound file: its header and every sample, interleaved.
    public struct Sound: Sendable {
        public var rate: Int
        public var channels: Int
        /// libsndfile's `SF_FORMAT_…` bits, major format and subtype.
        public var format: Int32
        public var interleaved: [Float]

        public var frames: Int { channels == 0 ? 0 : interleaved.count / channels }

        /// Channel `c` (0-based) of every frame.
        public func channel(_ c: Int) -> [Float] {
            channels == 1 ? interleaved : stride(from: c, to: interleaved.count, by: channels).map { interleaved[$0] }
        }
    }

    /// Reads every sample of a sound file (floats as libsndfile gives them: 16-bit read as x/32768).
    public static func read(_ path: String) throws -> Sound {
        var info = SF_INFO()
        guard let f = sf_open(path, Int32(SFM_READ), &info) else { throw TestAudioError("cannot read \(path): \(String(cString: sf_strerror(nil)))") }
        defer { sf_close(f) }
        var all = [Float](repeating: 0, count: Int(info.frames) * Int(info.channels))
        let got = all.withUnsafeMutableBufferPointer { sf_readf_float(f, $0.baseAddress, info.frames) }
        if got < info.frames { all.removeLast(Int(info.frames - got) * Int(info.channels)) }
        return Sound(rate: Int(info.samplerate), channels: Int(info.channels), format: info.format, interleaved: all)
    }

    /// A file's header (frames, rate, channels, format) without reading its samples; nil when
    /// libsndfile cannot open it.
    public static func header(_ path: String) -> SF_INFO? {
        var info = SF_INFO()
        guard let f = sf_open(path, Int32(SFM_READ), &info) else { return nil }
        sf_close(f)
        return info
    }

    /// Writes interleaved floats (libsndfile scales them by 32767 on the way to 16 bits).
    public static func write(_ path: String, _ interleaved: [Float], channels: Int = 1, rate: Int = 48_000,
                             format: Int32 = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)) throws {
        let f = try open(path, channels: channels, rate: rate, format: format)
        _ = interleaved.withUnsafeBufferPointer { sf_writef_float(f, $0.baseAddress, sf_count_t(interleaved.count / channels)) }
        sf_close(f)
    }

    /// Writes interleaved 16-bit integers exactly as given.
    public static func write(_ path: String, _ interleaved: [Int16], channels: Int = 1, rate: Int = 48_000,
                             format: Int32 = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)) throws {
        let f = try open(path, channels: channels, rate: rate, format: format)
        _ = interleaved.withUnsafeBufferPointer { sf_writef_short(f, $0.baseAddress, sf_count_t(interleaved.count / channels)) }
        sf_close(f)
    }

    /// A 16-bit stereo WAV whose left sample i is `numbered(base + i)` and right its negative:
    /// every sample says where it came from. Written as integers, so it reads back exactly.
    public static func numberedWAV(_ path: String, frames: Int, base: Int = 0, rate: Int = 48_000) throws {
        var data = [Int16](repeating: 0, count: 2 * frames)
        for i in 0..<frames { data[2 * i] = Int16((base + i) % 32768); data[2 * i + 1] = -Int16((base + i) % 32768) }
        try write(path, data, channels: 2, rate: rate)
    }

    /// Sample i of a numbered file's left channel: (i mod 32768)/32768.
    public static func numbered(_ i: Int) -> Float { Float(i % 32768) / 32768 }

    /// The position a numbered sample stands for (mod 32768).
    public static func index(of sample: Float) -> Int { Int((sample * 32768).rounded()) }

    /// `x` quantised to 16 bits as the WAV fixtures are: round(x·32768), clamped.
    public static func int16(_ x: Float) -> Int16 { Int16(min(max((x * 32_768).rounded(), -32_768), 32_767)) }

    private static func open(_ path: String, channels: Int, rate: Int, format: Int32) throws -> OpaquePointer {
        var info = SF_INFO(frames: 0, samplerate: Int32(rate), channels: Int32(channels), format: format, sections: 0, seekable: 0)
        guard let f = sf_open(path, Int32(SFM_WRITE), &info) else { throw TestAudioError("cannot write \(path): \(String(cString: sf_strerror(nil)))") }
        return f
    }
}
