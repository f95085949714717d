import Media
import CSampleRate

/// Converts a mono wave between rates with libsamplerate's best sinc converter. Control thread.
enum Resampler {
    /// `wave` at `from` Hz, converted to `to` Hz (`src_simple`, SRC_SINC_BEST_QUALITY). Throws
    /// libsamplerate's message; `path` only names the sound in the error.
    static func resample(_ wave: [Float], from: Int, to: Int, path: String) throws(SoundError) -> [Float] {
        guard from != to, !wave.isEmpty else { return wave }
        let ratio = Double(to) / Double(from)
        let capacity = Int((Double(wave.count) * ratio).rounded(.up)) + 64
        var out = [Float](repeating: 0, count: capacity)
        var status: Int32 = 0
        var made = 0
        wave.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                var data = SRC_DATA()
                data.data_in = input.baseAddress
                data.data_out = output.baseAddress
                data.input_frames = input.count
                data.output_frames = output.count
                data.src_ratio = ratio
                data.end_of_input = 1
                status = src_simple(&data, Int32(SRC_SINC_BEST_QUALITY), 1)
                made = data.output_frames_gen
            }
        }
        guard status == 0 else {
            let reason = src_strerror(status).map { String(cString: $0) } ?? "error \(status)"
            throw .cannotResample(path: path, from: from, to: to, reason: SystemMessage.oneLine(reason))
        }
        out.removeLast(out.count - made)
        return out
    }
}
