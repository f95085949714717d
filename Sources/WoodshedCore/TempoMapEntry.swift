/// One line of a tempo map: so many bars of one meter, tempo curve and pattern. Any thread.
public struct TempoMapEntry: Hashable, Sendable {
    public var label: String?
    /// nil: endless (only the last entry).
    public var bars: Int?
    public var meter: Meter
    public var tempo: TempoCurve
    public var pattern: ClickPattern
    public var volume: Float

    public init(label: String? = nil, bars: Int?, meter: Meter = .fourFour, tempo: TempoCurve,
                pattern: ClickPattern? = nil, volume: Float = 1) {
        self.label = label
        self.bars = bars
        self.meter = meter
        self.tempo = tempo
        self.pattern = pattern ?? .standard(meter)
        self.volume = volume
    }
}
