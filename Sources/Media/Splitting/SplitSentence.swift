/// Any thread (a value). One sentence found between pauses, in source frames: where its speech
/// is, and the section to play (the speech with some of the pause on each side).
public struct SplitSentence: Sendable, Equatable {
    /// The first frame to play: `speechStart` less the padding before, not before frame 0 nor
    /// before the middle of the pause since the previous sentence (so never into it).
    public var start: Int64
    /// One past the last frame to play: `speechEnd` plus the padding after, not past the end
    /// of the audio nor past the middle of the pause before the next sentence.
    public var end: Int64
    /// The first frame at or above the threshold.
    public var speechStart: Int64
    /// One past the last frame at or above the threshold.
    public var speechEnd: Int64

    public init(start: Int64, end: Int64, speechStart: Int64, speechEnd: Int64) {
        self.start = start
        self.end = end
        self.speechStart = speechStart
        self.speechEnd = speechEnd
    }

    /// Frames to play: `end − start`.
    public var length: Int64 { end - start }
}

/// Any thread (a value). What `SilenceSplitter` found in a file.
public struct SilenceSplit: Sendable, Equatable {
    /// In time order; consecutive ones never overlap (one may end where the next starts).
    public var sentences: [SplitSentence]
    /// The silence threshold used, in dBFS (for `belowLoudest`: the level it came to).
    public var thresholdDecibels: Double
    /// The loudest 10 ms window of the file, in dBFS; −∞ for digital silence.
    public var loudestDecibels: Double
    /// Frames in the audio as read.
    public var frames: Int64
    public var rate: Int
}
