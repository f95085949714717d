import CSampleRate

/// Owned by one `StretchStream` (its worker thread). libsamplerate at a fixed ratio, streaming:
/// after `restart(at:)`, output frame j is source time start + j·sourceRate/outputRate exactly.
///
/// Alignment: libsamplerate starts from zero history, so the converter is primed with `primingFrames`
/// real source frames before `start` at a ratio M/P that turns them into exactly M output frames,
/// which are dropped; the ratio then steps (`src_set_ratio`, no ramp) to the true one, and the next
/// output sits on source frame `start` with the whole filter kernel filled by real audio.
final class RateConverter {
    /// Which libsamplerate converter. `.best` is the default: 97 % bandwidth and about 145 dB
    /// of stop-band rejection for 0.11 ms of CPU per 256 stereo frames (44.1 → 48 kHz, measured
    /// here), a few percent of a worker's budget; `.medium` (90 %, 121 dB) costs 0.04 ms.
    enum Quality {
        case medium, best

        var converterType: Int32 {
            switch self {
            case .medium: Int32(SRC_SINC_MEDIUM_QUALITY)
            case .best: Int32(SRC_SINC_BEST_QUALITY)
            }
        }

        /// At least the kernel's half-length in input frames at ratio ≥ 1 (libsamplerate 0.2.2:
        /// coefficient table length / increment, about 46 and 143).
        var halfKernel: Int {
            switch self {
            case .medium: 50
            case .best: 150
            }
        }
    }

    /// Output frames per source frame.
    let ratio: Double
    private let state: OpaquePointer
    private let maxBlock: Int
    /// Source frames read but not yet taken by libsamplerate, interleaved stereo.
    private let input: UnsafeMutablePointer<Float>
    private var inputStart = 0
    private var inputCount = 0
    /// Where priming output goes.
    private let discard: UnsafeMutablePointer<Float>
    let primingFrames: Int
    private let primingOutputs: Int
    private var primingLeft = 0

    init(sourceRate: Int, outputRate: Int, maxBlock: Int, quality: Quality = .best) {
        ratio = Double(outputRate) / Double(sourceRate)
        precondition(src_is_valid_ratio(ratio) != 0, "rate ratio \(sourceRate) → \(outputRate) is out of range")
        var error: Int32 = 0
        guard let made = src_new(quality.converterType, 2, &error) else {
            preconditionFailure("libsamplerate: \(String(cString: src_strerror(error)))")
        }
        state = made
        self.maxBlock = maxBlock
        input = .allocate(capacity: maxBlock * 2)
        discard = .allocate(capacity: maxBlock * 2)
        let kernel = Double(quality.halfKernel + 2) / min(ratio, 1)
        primingFrames = Int(kernel.rounded(.up))
        primingOutputs = max(1, Int((Double(primingFrames) * ratio).rounded()))
    }

    deinit {
        src_delete(state)
        input.deallocate()
        discard.deallocate()
    }

    private var primingRatio: Double { Double(primingOutputs) / Double(primingFrames) }

    /// Drops all state; the next output frame is source frame `start`. Sets where `cursor` reads.
    func restart(at start: Int64, cursor: inout SourceCursor) {
        src_reset(state)
        src_set_ratio(state, primingRatio)
        cursor.next = start - Int64(primingFrames)
        inputStart = 0
        inputCount = 0
        primingLeft = primingOutputs
    }

    /// Exactly `count` output frames into `output`, reading the source through `cursor`.
    func render(count: Int, into output: UnsafeMutablePointer<Float>, cursor: inout SourceCursor,
                source: (Int64, Int, UnsafeMutablePointer<Float>) -> Void) {
        var produced = 0
        while produced < count {
            if inputCount == 0 {
                let wanted = Double(count - produced + primingLeft) / ratio
                let frames = min(maxBlock, Int(wanted.rounded(.up)) + 1)
                cursor.read(frames, into: input, source: source)
                inputStart = 0
                inputCount = frames
            }
            let priming = primingLeft > 0
            var data = SRC_DATA()
            data.data_in = UnsafePointer(input + inputStart * 2)
            data.input_frames = inputCount
            data.end_of_input = 0
            if priming {
                data.data_out = discard
                data.output_frames = min(primingLeft, maxBlock)
                data.src_ratio = primingRatio
            } else {
                data.data_out = output + produced * 2
                data.output_frames = count - produced
                data.src_ratio = ratio
            }
            let status = src_process(state, &data)
            precondition(status == 0, "libsamplerate: \(String(cString: src_strerror(status)))")
            inputStart += data.input_frames_used
            inputCount -= data.input_frames_used
            if priming {
                primingLeft -= data.output_frames_gen
                if primingLeft == 0 { src_set_ratio(state, ratio) }
            } else {
                produced += data.output_frames_gen
            }
        }
    }
}
