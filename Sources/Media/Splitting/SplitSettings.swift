/// Any thread (a value). How `SilenceSplitter` finds sentences: what counts as a pause, how
/// short a sentence may be, and how much of the pause each sentence keeps. Durations are in
/// microseconds, as `SourceTime` holds them (0 or more, validated). At the file's rate the
/// minimums become the fewest whole frames not shorter than them, and the pads the most whole
/// frames not longer than them (150 ms at 22 050 Hz: 3307 frames, 149.977 ms).
///
/// The defaults suit speech: a comma's pause (about 150–250 ms in speech synthesis and careful
/// speech) stays inside its sentence, the pause after a full stop (400 ms or more) splits, and
/// 150 ms on each side keeps soft onsets and trailing consonants without taking much of the
/// pause.
public struct SplitSettings: Sendable, Equatable {
    /// A pause splits when at least this much of whole 10 ms windows is below `threshold`.
    public var minSilence: Int64 = 350_000
    public var threshold: SilenceThreshold = .absolute(decibels: -40)
    /// Speech shorter than this (from its first to its last sample above the threshold) is
    /// joined to the nearer neighbouring sentence, never dropped.
    public var minSentence: Int64 = 500_000
    /// Kept before each sentence's speech, up to the middle of the pause before it.
    public var padBefore: Int64 = 150_000
    /// Kept after each sentence's speech, up to the middle of the pause after it.
    public var padAfter: Int64 = 150_000

    /// The defaults.
    public init() {}

    /// The analysis window: 10 ms, the nearest whole number of frames (at least one).
    public static func window(rate: Int) -> Int { max(1, (rate + 50) / 100) }

    /// `microseconds` at `rate` in whole frames, never more than the time: floor(µs · rate / 10⁶).
    /// For the pads, so that a sentence never keeps more than the padding asked for.
    public static func frames(atMost microseconds: Int64, rate: Int) -> Int64 {
        Int64((Int128(microseconds) * Int128(rate)) / 1_000_000)
    }

    /// `microseconds` at `rate` in whole frames, never less than the time: ceil(µs · rate / 10⁶).
    /// For the minimums: a pause or a sentence of this many frames is at least the time asked for.
    public static func frames(atLeast microseconds: Int64, rate: Int) -> Int64 {
        Int64((Int128(microseconds) * Int128(rate) + 999_999) / 1_000_000)
    }

    /// Throws, naming the option, when a duration is out of range: `minSilence` more than 0,
    /// the others 0 or more, all at most an hour.
    public func validate() throws(SplitSettingError) {
        let hour: Int64 = 3_600_000_000
        for (option, value, least) in [("--min-silence", minSilence, Int64(1)), ("--min-sentence", minSentence, 0),
                                       ("--pad-before", padBefore, 0), ("--pad-after", padAfter, 0)] {
            guard value >= least else {
                throw SplitSettingError("\(option) must be \(least == 0 ? "0 or more" : "more than 0")")
            }
            guard value <= hour else { throw SplitSettingError("\(option) must be at most an hour") }
        }
    }
}
