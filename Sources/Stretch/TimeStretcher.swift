import CRubberBand

/// Owned by one `StretchStream` (its worker thread). Rubber Band in real-time mode, stereo, running
/// at the source rate; its pitch scale also undoes the rate change (see `StretchSettings`).
///
/// Alignment: after `restart`, the stretcher is fed `rubberband_get_preferred_start_pad` real
/// source frames before `start` (zeros before frame 0) and the first `rubberband_get_start_delay`
/// output frames are dropped, so the next output frame is source frame `start`.
///
/// Pitch method: Rubber Band 3.1.2 reports its pad and delay as if it always resampled after
/// stretching; with the default `PitchHighSpeed` it resamples *before* stretching when the pitch
/// scale is above 1, and the reported figures are then wrong (measured: output 1024 frames early
/// with R3 at +12 semitones, 256 with R2). So a stretcher for pitch scales above 1 is built with
/// `PitchHighConsistency` (always resample after: the reported figures hold), and one for the
/// others with `PitchHighSpeed` (no resampler at all at pitch scale 1, about 35 % cheaper for R2).
final class TimeStretcher {
    /// Built with `PitchHighConsistency`: the stretcher for pitch scales above 1.
    let consistentPitch: Bool
    private let state: RubberBandState
    private let maxBlock: Int
    private let interleaved: UnsafeMutablePointer<Float>
    private let left: UnsafeMutablePointer<Float>
    private let right: UnsafeMutablePointer<Float>
    private let channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
    private var dropLeft = 0
    /// Source frames fed before `start` on the last restart.
    private(set) var startPad = 0
    /// Output frames dropped after the last restart.
    private(set) var startDelay = 0

    /// Real-time, one thread, stereo kept together (R2: mid/side, a focused centre; R3: bins kept
    /// in step across channels), R3 for `.finer`, and the pitch method described above.
    static func options(_ engine: StretchEngine, consistentPitch: Bool) -> RubberBandOptions {
        var raw = RubberBandOptionProcessRealTime.rawValue | RubberBandOptionThreadingNever.rawValue
            | RubberBandOptionChannelsTogether.rawValue
        raw |= consistentPitch ? RubberBandOptionPitchHighConsistency.rawValue : RubberBandOptionPitchHighSpeed.rawValue
        if engine == .finer { raw |= RubberBandOptionEngineFiner.rawValue }
        return RubberBandOptions(bitPattern: raw)
    }

    init(sourceRate: Int, settings: StretchSettings, engine: StretchEngine, consistentPitch: Bool, maxBlock: Int) {
        self.consistentPitch = consistentPitch
        state = rubberband_new(UInt32(sourceRate), 2, Self.options(engine, consistentPitch: consistentPitch),
                               settings.timeRatio, settings.pitchScale)
        rubberband_set_max_process_size(state, UInt32(maxBlock))
        self.maxBlock = maxBlock
        interleaved = .allocate(capacity: maxBlock * 2)
        left = .allocate(capacity: maxBlock)
        right = .allocate(capacity: maxBlock)
        channels = .allocate(capacity: 2)
        channels[0] = left
        channels[1] = right
    }

    deinit {
        rubberband_delete(state)
        interleaved.deallocate()
        left.deallocate()
        right.deallocate()
        channels.deallocate()
    }

    /// Drops all state and takes the new ratios; the next output frame is source frame `start`.
    /// Sets where `cursor` reads.
    func restart(at start: Int64, settings: StretchSettings, cursor: inout SourceCursor) {
        rubberband_set_time_ratio(state, settings.timeRatio)
        rubberband_set_pitch_scale(state, settings.pitchScale)
        rubberband_reset(state)
        startPad = Int(rubberband_get_preferred_start_pad(state))
        startDelay = Int(rubberband_get_start_delay(state))
        cursor.next = start - Int64(startPad)
        dropLeft = startDelay
    }

    /// Exactly `count` output frames into `output`, feeding the stretcher from `cursor` only as
    /// much as it asks for (`rubberband_get_samples_required`, at most `maxBlock` at a time).
    func render(count: Int, into output: UnsafeMutablePointer<Float>, cursor: inout SourceCursor,
                source: (Int64, Int, UnsafeMutablePointer<Float>) -> Void) {
        var produced = 0
        while produced < count {
            let available = Int(rubberband_available(state))
            if available > 0 {
                if dropLeft > 0 {
                    let frames = min(available, dropLeft, maxBlock)
                    retrieve(frames)
                    dropLeft -= frames
                } else {
                    let frames = min(available, count - produced, maxBlock)
                    retrieve(frames)
                    let out = output + produced * 2
                    for i in 0..<frames {
                        out[2 * i] = left[i]
                        out[2 * i + 1] = right[i]
                    }
                    produced += frames
                }
                continue
            }
            let required = Int(rubberband_get_samples_required(state))
            let frames = min(max(required, 1), maxBlock)
            cursor.read(frames, into: interleaved, source: source)
            for i in 0..<frames {
                left[i] = interleaved[2 * i]
                right[i] = interleaved[2 * i + 1]
            }
            channels.withMemoryRebound(to: UnsafePointer<Float>?.self, capacity: 2) { planar in
                rubberband_process(state, planar, UInt32(frames), 0)
            }
        }
    }

    private func retrieve(_ frames: Int) {
        let got = Int(rubberband_retrieve(state, channels, UInt32(frames)))
        precondition(got == frames, "Rubber Band gave \(got) of \(frames) available frames")
    }
}
