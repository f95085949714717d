import WoodshedCore

/// What to click, as the user asked: tempo, meter, pattern, or a tempo map or preset; the
/// sound; the bars, count-in and subdivision. Any thread.
public struct ClickRequest: Sendable {
    public var tempo: String?
    public var meter: String?
    public var pattern: String?
    public var subdivide: Int?
    public var countIn: Int?
    public var bars: Int?
    public var map: String?
    public var preset: String?
    public var sound: String?

    public init(tempo: String? = nil, meter: String? = nil, pattern: String? = nil, subdivide: Int? = nil, countIn: Int? = nil,
                bars: Int? = nil, map: String? = nil, preset: String? = nil, sound: String? = nil) {
        self.tempo = tempo
        self.meter = meter
        self.pattern = pattern
        self.subdivide = subdivide
        self.countIn = countIn
        self.bars = bars
        self.map = map
        self.preset = preset
        self.sound = sound
    }

    /// The options checked together before anything opens (`volume` and `levels`: the click's
    /// `--volume` and `--levels`): a map or a preset with what it sets itself, a value out of range.
    public func check(volume: Float, levels: String?) throws(OptionProblem) {
        if map != nil && preset != nil { throw OptionProblem("give --map or --preset, not both") }
        if map != nil && (tempo != nil || meter != nil || pattern != nil) {
            throw OptionProblem("--map sets tempo, meter and pattern itself; leave out the tempo, --meter and --pattern")
        }
        if preset != nil && (meter != nil || pattern != nil) {
            throw OptionProblem("--preset sets meter and pattern itself; leave out --meter and --pattern")
        }
        try OptionRange.bars.checkOption(bars)
        try OptionRange.countIn.checkOption(countIn)
        try OptionRange.subdivide.checkOption(subdivide)
        try ClickLevels.checkVolume(volume)
        _ = try ClickLevels.volumes(levels)
    }
}
