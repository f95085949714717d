/// What the oscilloscope shows, as plain numbers the control thread took from the render
/// thread's latest snapshot. Any thread (a value).
public struct ScopeLines: Equatable, Sendable {
    /// One column of the trace: the smallest and the largest sample it covers (full scale ±1).
    public struct Column: Equatable, Sendable {
        public var minimum: Float
        public var maximum: Float

        public init(minimum: Float, maximum: Float) {
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// One port's level meter, in dBFS (20·log10 of the linear level; −∞ for silence).
    public struct Meter: Equatable, Sendable {
        /// `C`, `L`, `R`: a short name, shown in front of the bar.
        public var label: String
        /// The bar: filled to the RMS level.
        public var rmsDecibels: Double
        /// The bar: shaded on from the RMS up to the peak of the moment.
        public var peakDecibels: Double
        /// The number after `peak`: the held peak (steadier than the peak of the moment).
        public var heldPeakDecibels: Double

        public init(label: String, rmsDecibels: Double, peakDecibels: Double, heldPeakDecibels: Double) {
            self.label = label
            self.rmsDecibels = rmsDecibels
            self.peakDecibels = peakDecibels
            self.heldPeakDecibels = heldPeakDecibels
        }
    }

    /// The trace's columns, oldest first; any number (they are spread over the width).
    /// Empty draws a flat line.
    public var waveform: [Column]
    public var meters: [Meter]

    public init(waveform: [Column], meters: [Meter]) {
        self.waveform = waveform
        self.meters = meters
    }

    /// Columns from two arrays of the same length (minimums and maximums, oldest first).
    public init(minimums: [Float], maximums: [Float], meters: [Meter]) {
        self.waveform = zip(minimums, maximums).map { Column(minimum: $0, maximum: $1) }
        self.meters = meters
    }
}
