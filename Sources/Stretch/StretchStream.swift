/// Worker threads only (never the JACK thread), one thread at a time: a streaming converter from
/// source audio (stereo, source rate) to output audio (stereo, output rate) at a playback speed
/// with pitch kept, transposed by `semitones` (fractional = cents).
///
/// Three paths, chosen on `restart`:
/// - identity (speed 1, no transpose, equal rates): the source frames are copied bit for bit;
/// - rate conversion only (speed 1, no transpose): libsamplerate, best sinc (`RateConverter`);
/// - anything else: Rubber Band in real-time mode at the source rate, its pitch scale doing the
///   rate change too (`TimeStretcher`).
///
/// Each path starts aligned: after `restart(at:)` the next output frame is source frame `start`
/// (exactly for the first two; Rubber Band's own pad and delay for the third, whose residual
/// depends on the engine and the material: see the tests). `render` allocates nothing; the
/// converters are built the first time a restart needs them and kept for reuse.
public final class StretchStream {
    public let sourceRate: Int
    public let outputRate: Int
    public let engine: StretchEngine
    /// The most frames handed to a converter, or asked of `source`, at once.
    public let maxBlock: Int
    /// Playback speed, 0.25...2.0 (values outside are clamped).
    public var speed: Double { settings.speed }
    /// Transpose in semitones, -12...12 (values outside are clamped; fractions are cents).
    public var semitones: Double { settings.semitones }
    /// Speed 1, no transpose, equal rates: `render` copies the source.
    public var isIdentity: Bool { settings.isIdentity }

    private var settings: StretchSettings
    private var cursor = SourceCursor()
    private var start: Int64 = 0
    private var produced: Int64 = 0
    private var path: Path = .copy
    private let rateQuality: RateConverter.Quality
    private var converter: RateConverter?
    private var fastPitchStretcher: TimeStretcher?
    private var consistentPitchStretcher: TimeStretcher?

    private enum Path { case copy, convert(RateConverter), stretch(TimeStretcher) }

    /// A stream at speed 1 without transpose, at source frame 0. `maxBlock` (at least 64) sizes
    /// the buffers and bounds each source request; `render` takes any count regardless.
    public convenience init(sourceRate: Int, outputRate: Int, engine: StretchEngine = .faster,
                            maxBlock: Int = 4096) {
        self.init(sourceRate: sourceRate, outputRate: outputRate, engine: engine, maxBlock: maxBlock,
                  rateQuality: .best)
    }

    /// `rateQuality`: another libsamplerate converter, for measurements.
    init(sourceRate: Int, outputRate: Int, engine: StretchEngine, maxBlock: Int,
         rateQuality: RateConverter.Quality) {
        precondition(sourceRate > 0 && outputRate > 0, "sample rates must be positive")
        precondition(maxBlock >= 64, "maxBlock must be at least 64 frames")
        self.sourceRate = sourceRate
        self.outputRate = outputRate
        self.engine = engine
        self.maxBlock = maxBlock
        self.rateQuality = rateQuality
        settings = StretchSettings(speed: 1, semitones: 0, sourceRate: sourceRate, outputRate: outputRate)
        restart(at: 0, speed: 1, semitones: 0)
    }

    /// Starts (again) at source frame `start` with these settings, dropping all state: the next
    /// output frame corresponds to source frame `start` exactly (latency compensated inside).
    /// Builds a converter the first time one is needed (allocates); otherwise only resets.
    public func restart(at start: Int64, speed: Double, semitones: Double) {
        settings = StretchSettings(speed: speed, semitones: semitones,
                                   sourceRate: sourceRate, outputRate: outputRate)
        self.start = start
        produced = 0
        if settings.isIdentity {
            path = .copy
            cursor.next = start
        } else if settings.isRateConversionOnly {
            let converter = converter ?? RateConverter(sourceRate: sourceRate, outputRate: outputRate,
                                                       maxBlock: maxBlock, quality: rateQuality)
            self.converter = converter
            path = .convert(converter)
            converter.restart(at: start, cursor: &cursor)
        } else {
            let stretcher = stretcher(consistentPitch: settings.needsConsistentPitch)
            path = .stretch(stretcher)
            stretcher.restart(at: start, settings: settings, cursor: &cursor)
        }
    }

    private func stretcher(consistentPitch: Bool) -> TimeStretcher {
        if let built = consistentPitch ? consistentPitchStretcher : fastPitchStretcher { return built }
        let made = TimeStretcher(sourceRate: sourceRate, settings: settings, engine: engine,
                                 consistentPitch: consistentPitch, maxBlock: maxBlock)
        if consistentPitch { consistentPitchStretcher = made } else { fastPitchStretcher = made }
        return made
    }

    /// Produces exactly `count` output frames (interleaved L R) into `output`, pulling source
    /// frames through `source(start, count, buffer)` (which fills `count` interleaved stereo
    /// frames from source frame `start`; the caller gives zeros past the end) as needed.
    /// `source` is asked for at most `maxBlock` frames at a time, in order, never before frame 0.
    public func render(count: Int, into output: UnsafeMutablePointer<Float>,
                       source: (Int64, Int, UnsafeMutablePointer<Float>) -> Void) {
        guard count > 0 else { return }
        switch path {
        case .copy:
            var done = 0
            while done < count {
                let frames = min(count - done, maxBlock)
                cursor.read(frames, into: output + done * 2, source: source)
                done += frames
            }
        case .convert(let converter):
            converter.render(count: count, into: output, cursor: &cursor, source: source)
        case .stretch(let stretcher):
            stretcher.render(count: count, into: output, cursor: &cursor, source: source)
        }
        produced += Int64(count)
    }

    /// The source frame (fractional) that the next output frame corresponds to:
    /// start + (output frames since the restart) · speed · sourceRate / outputRate.
    public var sourcePosition: Double {
        Double(start) + Double(produced) * settings.sourceStep
    }

    /// The next source frame `source` will be asked for. It runs ahead of `sourcePosition` by
    /// what the converter holds: 0 for a copy, about 150 frames for libsamplerate, a few thousand
    /// for Rubber Band (bounded; see the tests).
    public var sourceReadPosition: Int64 { cursor.next }
}

extension StretchStream {
    /// Rubber Band's pad and delay on the last restart (0 on the other paths), for tests.
    var startPadAndDelay: (pad: Int, delay: Int) {
        guard case .stretch(let stretcher) = path else { return (0, 0) }
        return (stretcher.startPad, stretcher.startDelay)
    }
}
