import WoodshedCore

/// One step of the click's grid as the render thread played it (its `.step` notice): where the
/// coach matches onsets, so tempo changes by keys, pedals, OSC or the trainer are followed as
/// they were played. Any thread (a value).
public struct PlayedStep: Sendable, Equatable {
    /// Bar (bar 1 is 0, count-in bars negative), step in the bar from 0.
    public let bar: Int64
    public let step: Int
    public let stepsPerBar: Int
    public let stepsPerBeat: Int
    /// The pattern's level there (a silent `.` cell expects no hit; a gap bar's cells do).
    public let cell: ClickLevel
    /// True when the gap trainer muted the bar.
    public let inGap: Bool
    /// Thousandths of a BPM there.
    public let milliBPM: Int64
    /// The timeline frame it was played at.
    public let frame: Int64

    public init(bar: Int64, step: Int, stepsPerBar: Int, stepsPerBeat: Int, cell: ClickLevel, inGap: Bool,
                milliBPM: Int64, frame: Int64) {
        self.bar = bar
        self.step = step
        self.stepsPerBar = stepsPerBar
        self.stepsPerBeat = stepsPerBeat
        self.cell = cell
        self.inGap = inGap
        self.milliBPM = milliBPM
        self.frame = frame
    }

    /// "3.2.1": bar, beat and subdivision, from 1 (count-in bars are 0 and below).
    public var position: String {
        "\(bar + 1).\(step / max(stepsPerBeat, 1) + 1).\(step % max(stepsPerBeat, 1) + 1)"
    }

    /// True where a hit is expected: a sounding cell of bar 1 or later (gap bars included).
    public var expectsHit: Bool { bar >= 0 && cell != .silent }
}
