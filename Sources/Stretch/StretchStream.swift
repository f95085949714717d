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
/// Each path starts aligned: after `restart(at:)` the next output frame is source frame `start`.
/// Exactly for the first two (an impulse lands on its frame). For Rubber Band, with its own pad
/// and delay compensated, a click at source frame S lands at output frame S / speed within, at
/// 48 kHz: `.finer` −340...+90 frames at 0.5×, ±100 at 0.75×...2×; `.faster` −480...+260 frames
/// on isolated clicks, and up to +610 at 0.75× over a tonal bed (its transient handling moves
/// clicks with the material). Clicks lead at slow speeds because Rubber Band rebuilds a transient
/// where its analysis frame sees it, not where the stretched timeline puts it.
///
/// `render` allocates nothing (counted with an interposed malloc over thousands of calls of 1 to
/// 9000 frames); the converters are built the first time a restart needs them, then reused.
/// One exception inside Rubber Band: after a restart with a pitch scale other than 1 its
/// resampler rebuilds its filter on the first chunk (one allocation per channel).
public final class StretchStream {
    /// Frames per second of the source audio.
    public let sourceRate: Int
    /// Frames per second of the output (the JACK server's rate).
    public let outputRate: Int
    /// The Rubber Band engine used when stretching or transposing.
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
    private var converter: RateConverter?
    private var fastPitchStretcher: TimeStretcher?
    private var consistentPitchStretcher: TimeStretcher?

    private enum Path { case copy, convert(RateConverter), stretch(TimeStretcher) }

    /// A stream at speed 1 without transpose, at source frame 0. `maxBlock` (at least 64) sizes
    /// the buffers and bounds each source request; `render` takes any count regardless.
    public init(sourceRate: Int, outputRate: Int, engine: StretchEngine = .faster, maxBlock: Int = 4096) {
        precondition(sourceRate > 0 && outputRate > 0, "sample rates must be positive")
        precondition(maxBlock >= 64, "maxBlock must be at least 64 frames")
        self.sourceRate = sourceRate
        self.outputRate = outputRate
        self.engine = engine
        self.maxBlock = maxBlock
        settings = StretchSettings(speed: 1, semitones: 0, sourceRate: sourceRate, outputRate: outputRate)
        restart(at: 0, speed: 1, semitones: 0)
    }

    /// Starts (again) at source frame `start` with these settings, dropping all state: the next
    /// output frame corresponds to source frame `start` (latency compensated inside; exact without
    /// Rubber Band, within the bounds above with it). The audio before `start` primes the
    /// converter, so a restart mid-song starts without an edge. Builds a converter the first time
    /// one is needed (allocates); otherwise only resets.
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
                                                       maxBlock: maxBlock)
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
    /// what the converter holds, a bounded amount that does not drift (measured over 30 s): 0 for
    /// a copy, about 230 frames for libsamplerate, 1.2k–1.6k for R2, 3.4k–5.2k for R3.
    public var sourceReadPosition: Int64 { cursor.next }
}
