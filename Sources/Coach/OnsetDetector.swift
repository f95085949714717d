import CAubio

/// Finds the attacks of percussive and plucked notes in a mono stream: libaubio's spectral-flux
/// onset function (window 256, hop 64, a silence gate, a minimum gap) says where a note began, then
/// each onset is moved back to the attack's first sample (the first sample above a threshold
/// relative to the note's peak and the background noise). One analysis thread (never the render
/// thread): it allocates.
///
/// `feed` returns an onset once the 20 ms after aubio's onset have been fed (the note's peak is
/// known then), at the end of a hop: 18 to 20 ms after the attack's first sample in the tests,
/// and at most 25 ms (plus the rest of the block being fed).
public final class OnsetDetector {
    /// The fixed parameters, in the user's units. Any thread.
    public enum Parameters {
        /// Spectral flux: `hfc` misses low notes (a kick, a bass string) over background noise.
        public static let method = "specflux"
        public static let window = 256
        public static let hop = 64
        /// aubio's peak-picking threshold.
        public static let threshold: Float = 0.6
        /// aubio's silence gate: a hop quieter than this (dB full scale) starts no onset.
        public static let silenceDB: Float = -60
        /// Two attacks closer than this are one note (a flam counts once).
        public static let minimumGapMs = 30.0
        /// How far after aubio's onset the note's peak is looked for.
        public static let peakSearchMs = 20.0
        /// How far before aubio's onset the attack may start.
        public static let attackSearchMs = 20.0
        /// The attack starts at the first sample above this fraction of the note's peak...
        public static let peakFraction: Float = 0.1
        /// ...and above this many times the background noise (the quietest hop's RMS of the last second).
        public static let noiseFactor: Float = 6
        /// Quiet (below the threshold) this long ends the search back from the peak.
        public static let quietMs = 3.0
        /// What comes before an attack (this long) stays below the threshold over this factor.
        public static let preAttackMs = 5.0
        public static let attackRise: Float = 1.5
    }

    public let sampleRate: Int
    private let onset: OpaquePointer
    /// One hop of input and aubio's answer, as aubio's vectors over buffers of our own.
    private let hopSamples: UnsafeMutablePointer<Float>
    private let answer: UnsafeMutablePointer<Float>
    private var hopFill = 0
    /// Samples fed so far (the absolute index of the next sample).
    private var fed = 0
    /// The last `history.count` samples, at absolute index `i % history.count`.
    private var history: [Float]
    /// RMS of the last hops, for the background noise.
    private var hopLevels: [Float]
    private var hopLevelCount = 0
    /// aubio's onsets waiting for the samples after them.
    private var pending: [Int] = []
    private var lastOnset = Int.min / 2
    private let minimumGap: Int
    private let peakSearch: Int
    private let attackSearch: Int
    private let quiet: Int
    private let preAttack: Int

    /// A detector for a stream at `sampleRate`; loads libaubio on the first call.
    public init(sampleRate: Int) throws(CoachError) {
        self.sampleRate = sampleRate
        let hop = Parameters.hop
        guard woodshed_aubio_available() != 0 else { throw .aubioMissing }
        guard sampleRate > 0,
              let o = new_aubio_onset(Parameters.method, UInt32(Parameters.window), UInt32(hop), UInt32(sampleRate)) else {
            throw .aubioRefused(sampleRate: sampleRate)
        }
        onset = o
        aubio_onset_set_threshold(o, Parameters.threshold)
        aubio_onset_set_silence(o, Parameters.silenceDB)
        aubio_onset_set_minioi_ms(o, Float(Parameters.minimumGapMs))
        hopSamples = .allocate(capacity: hop)
        hopSamples.initialize(repeating: 0, count: hop)
        answer = .allocate(capacity: 1)
        answer.initialize(to: 0)
        let ms = { (x: Double) in Int(x * Double(sampleRate) / 1000) }
        minimumGap = ms(Parameters.minimumGapMs)
        peakSearch = ms(Parameters.peakSearchMs)
        attackSearch = ms(Parameters.attackSearchMs)
        quiet = ms(Parameters.quietMs)
        preAttack = ms(Parameters.preAttackMs)
        history = [Float](repeating: 0, count: 1 << 15)
        hopLevels = [Float](repeating: 0, count: max(1, sampleRate / hop))
    }

    deinit {
        del_aubio_onset(onset)
        hopSamples.deallocate()
        answer.deallocate()
    }

    /// Feeds the next samples; returns the onsets that became certain, in order.
    public func feed(_ mono: UnsafeBufferPointer<Float>) -> [Onset] {
        let hop = Parameters.hop
        let data = hopSamples
        var found: [Onset] = []
        for x in mono {
            history[fed & (history.count - 1)] = x
            fed += 1
            data[hopFill] = x
            hopFill += 1
            if hopFill == hop {
                hopFill = 0
                analyseHop()
                // Refined while its samples are still in the history, however long the block.
                while let first = pending.first, first + peakSearch <= fed {
                    pending.removeFirst()
                    if let o = refine(first) { found.append(o) }
                }
            }
        }
        return found
    }

    /// The onsets still waiting at the end of the stream (the last note's 20 ms may be cut).
    public func finish() -> [Onset] {
        var found: [Onset] = []
        for p in pending {
            if let o = refine(p) { found.append(o) }
        }
        pending.removeAll()
        return found
    }

    private func analyseHop() {
        let hop = Parameters.hop
        let data = hopSamples
        var sum: Float = 0
        for i in 0..<hop { sum += data[i] * data[i] }
        hopLevels[hopLevelCount % hopLevels.count] = (sum / Float(hop)).squareRoot()
        hopLevelCount += 1
        var input = fvec_t(length: UInt32(hop), data: hopSamples)
        var output = fvec_t(length: 1, data: answer)
        aubio_onset_do(onset, &input, &output)
        guard answer[0] > 0 else { return }
        // aubio's own delay compensation can put an onset in the first hop before 0.
        let last = Int(aubio_onset_get_last(onset))
        pending.append(last > fed ? 0 : last)
    }

    /// The background noise: the quietest hop of the last second.
    private var noiseLevel: Float {
        let n = min(hopLevelCount, hopLevels.count)
        guard n > 0 else { return 0 }
        var m = Float.greatestFiniteMagnitude
        for i in 0..<n { m = min(m, hopLevels[i]) }
        return m
    }

    /// Moves aubio's onset at `guess` to the attack's first sample; nil for no new attack.
    private func refine(_ guess: Int) -> Onset? {
        let size = history.count
        let oldest = max(0, fed - size)
        let lo = max(oldest, guess - attackSearch, lastOnset + minimumGap / 2)
        let hi = min(fed, guess + peakSearch)
        guard lo < hi else { return nil }
        let mask = size - 1
        var peak: Float = 0, peakAt = lo
        for i in lo..<hi {
            let a = abs(history[i & mask])
            if a > peak { peak = a; peakAt = i }
        }
        var threshold = max(peak * Parameters.peakFraction, noiseLevel * Parameters.noiseFactor)
        var start = peakAt
        // The first sample above the threshold, back from the peak to a stretch of quiet. When
        // what comes before it is not quiet (the tail of the note before), the threshold rises
        // above that and the search runs again.
        for _ in 0..<4 {
            guard peak > threshold else { return nil }
            start = peakAt
            var i = peakAt
            while i > lo {
                i -= 1
                if abs(history[i & mask]) > threshold { start = i } else if start - i > quiet { break }
            }
            var before: Float = 0
            for j in max(oldest, start - preAttack)..<start { before = max(before, abs(history[j & mask])) }
            guard before * Parameters.attackRise > threshold else { break }
            threshold = before * Parameters.attackRise
        }
        // Still loud at the search's start: the tail of the note before, not an attack.
        if start - lo <= quiet && lo > oldest && abs(history[lo & mask]) > threshold { return nil }
        guard start >= lastOnset + minimumGap else { return nil }
        lastOnset = start
        return Onset(frame: Double(start))
    }
}
