import WoodshedCore

/// What the whole practice program shares: rates, the session speed, transpose, the seam
/// crossfade and the click. Any thread (a value).
public struct ProgramSettings: Hashable, Sendable {
    /// The audio file's rate.
    public var sourceRate: Int
    /// The output's rate (JACK's, or the render's).
    public var outputRate: Int
    /// Speed in thousandths (750 = 0.75×), for passes whose plan has no ladder.
    public var speed: Int
    /// Transpose in cents (−1200…1200).
    public var transposeCents: Int
    /// The equal-power crossfade at each seam, in output frames (0: none).
    public var crossfadeFrames: Int
    /// The click locked to the music, if any; count-ins use it, else 120 BPM 4/4.
    public var click: MusicClick?
    /// `--compare`: each turn is followed by your take (a pause of `comparePauseFrames`, then
    /// the take, as long as the turn).
    public var compare = false
    public var comparePauseFrames: Int64 = 0

    public init(sourceRate: Int, outputRate: Int, speed: Int = 1000, transposeCents: Int = 0,
                crossfadeFrames: Int = 0, click: MusicClick? = nil, compare: Bool = false, comparePauseFrames: Int64 = 0) {
        self.sourceRate = sourceRate
        self.outputRate = outputRate
        self.speed = speed
        self.transposeCents = transposeCents
        self.crossfadeFrames = crossfadeFrames
        self.click = click
        self.compare = compare
        self.comparePauseFrames = comparePauseFrames
    }

    /// The crossfade for `milliseconds` at the output rate (default 5 ms).
    public static func crossfadeFrames(milliseconds: Int, outputRate: Int) -> Int {
        Int(ExactMath.roundDiv(Int128(milliseconds) * Int128(outputRate), 1000))
    }

    /// Output frames for `sourceFrames` played at `speed` thousandths:
    /// round(n · outputRate · 1000 / (sourceRate · speed)), exactly.
    public func outputFrames(sourceFrames n: Int64, speed: Int) -> Int64 {
        Int64(ExactMath.roundDiv(Int128(n) * Int128(outputRate) * 1000, Int128(sourceRate) * Int128(speed)))
    }

    /// Source frames covered by `n` output frames at `speed` thousandths (rounded down): the
    /// inverse of `outputFrames`, for where a pass is after `n` of its frames.
    public func sourceFrames(outputFrames n: Int64, speed: Int) -> Int64 {
        Int64(ExactMath.floorDiv(Int128(n) * Int128(sourceRate) * Int128(speed), Int128(outputRate) * 1000))
    }

    /// The count-in's click: the music's, or 120 BPM 4/4.
    public var countInClick: MusicClick { click ?? .countInDefault }

    /// The count-in's click on the metronome's timeline, in output frames from the count-in's
    /// start: the music's tempo and meter (or 120 BPM 4/4) at `speed` thousandths.
    public func countInTimeline(speed: Int) -> ClickTimeline? {
        countInClick.timeline(rate: outputRate, speed: speed)
    }

    /// Output frames of a count-in of `beats` beats at `speed`: where its beat `beats` would be.
    public func countInLength(beats: Int, speed: Int) -> Int64 {
        guard let t = countInTimeline(speed: speed) else { return 0 }
        return t.segments[0].frame(ofStep: Int64(beats), rampTable: t.rampTable)
    }
}
