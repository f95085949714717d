import CSndFile
import Foundation
import WoodshedTestSupport

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
    try TestAudio.write(path, samples, channels: channels, rate: rate, format: format)
}

/// A click as a user might record one: a decaying sine starting at full level (cosine phase).
func decayingSine(seconds: Double, rate: Int, frequency: Double = 1000, level: Float = 0.8) -> [Float] {
    let count = Int((seconds * Double(rate)).rounded())
    return (0..<count).map { i in
        let t = Double(i) / Double(rate)
        return level * Float(exp(-t / (seconds / 4)) * cos(2 * Double.pi * frequency * t))
    }
}

