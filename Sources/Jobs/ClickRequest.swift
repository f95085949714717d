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
}
