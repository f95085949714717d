import WoodshedCore

/// The settings last used with an audio file; nil means "not set" (the player's default).
/// Any thread (a value).
public struct PracticeSettings: Sendable, Equatable {
    /// The section that was playing; the player ignores a name no section has.
    public var lastSection: String?
    /// Playing speed in thousandths (750 = 0.75×), 250–2000: `woodshed play`'s, set with a
    /// key or pedal (a `--speed` given on the command line is for that run only).
    public var speed: Int?
    /// `woodshed shadow`'s speed, kept apart from `play`'s (a speed set in one mode does not
    /// carry over into the other).
    public var shadowSpeed: Int?
    /// Transpose in cents, −3600 to 3600.
    public var transposeCents: Int?
    /// Loop crossfade in milliseconds, 0–500.
    public var crossfadeMilliseconds: Int?
    /// The click's tempo along the audio.
    public var clickTempo: Tempo?
    /// The source frame a click beat falls on (where bar 1 starts), 0 or more.
    public var clickOffset: Int64?

    public init(lastSection: String? = nil, speed: Int? = nil, transposeCents: Int? = nil,
                crossfadeMilliseconds: Int? = nil, clickTempo: Tempo? = nil, clickOffset: Int64? = nil,
                shadowSpeed: Int? = nil) {
        self.lastSection = lastSection
        self.speed = speed
        self.shadowSpeed = shadowSpeed
        self.transposeCents = transposeCents
        self.crossfadeMilliseconds = crossfadeMilliseconds
        self.clickTempo = clickTempo
        self.clickOffset = clickOffset
    }

    static let speedRange = 250...2000
    static let transposeRange = -3600...3600
    static let crossfadeRange = OptionRange.crossfade.range
}
