import CSndFile
import Foundation

/// A fresh temporary directory per test, removed when the value is dropped. Test thread.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("woodshed-sounds-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Writes interleaved frames with libsndfile (16-bit WAV unless told). Test thread.
func writeSound(_ samples: [Float], to path: String, rate: Int, channels: Int = 1,
                format: Int32 = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)) throws {
    struct WriteFailed: Error, CustomStringConvertible { let description: String }
    var info = SF_INFO()
    info.samplerate = Int32(rate)
    info.channels = Int32(channels)
    info.format = format
    guard let file = sf_open(path, Int32(SFM_WRITE), &info) else {
        throw WriteFailed(description: String(cString: sf_strerror(nil)))
    }
    defer { sf_close(file) }
    let frames = samples.count / channels
    let written = samples.withUnsafeBufferPointer { sf_writef_float(file, $0.baseAddress, sf_count_t(frames)) }
    guard written == frames else { throw WriteFailed(description: String(cString: sf_strerror(file))) }
}

/// A click as a user might record one: a decaying sine starting at full level (cosine phase).
func decayingSine(seconds: Double, rate: Int, frequency: Double = 1000, level: Float = 0.8) -> [Float] {
    let count = Int((seconds * Double(rate)).rounded())
    return (0..<count).map { i in
        let t = Double(i) / Double(rate)
        return level * Float(exp(-t / (seconds / 4)) * cos(2 * Double.pi * frequency * t))
    }
}

