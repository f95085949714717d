#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ratios one speed and transpose imply between source and output. A plain value: any thread.
struct StretchSettings: Equatable {
    /// Playback speed, clamped to 0.25...2.0.
    let speed: Double
    /// Transpose in semitones (fractions are cents), clamped to -12...12.
    let semitones: Double
    let sourceRate: Int
    let outputRate: Int

    init(speed: Double, semitones: Double, sourceRate: Int, outputRate: Int) {
        self.speed = min(max(speed, 0.25), 2.0)
        self.semitones = min(max(semitones, -12), 12)
        self.sourceRate = sourceRate
        self.outputRate = outputRate
    }

    /// Speed 1, no transpose, equal rates: the source frames are copied as they are.
    var isIdentity: Bool { speed == 1 && semitones == 0 && sourceRate == outputRate }

    /// Speed 1 and no transpose, but the rates differ: a rate conversion only.
    var isRateConversionOnly: Bool { speed == 1 && semitones == 0 && sourceRate != outputRate }

    /// Source frames per output frame.
    var sourceStep: Double { speed * Double(sourceRate) / Double(outputRate) }

    /// Rubber Band's time ratio (output frames per source frame; the stretcher runs at the source rate).
    var timeRatio: Double { Double(outputRate) / (Double(sourceRate) * speed) }

    /// Rubber Band needs `PitchHighConsistency` for alignment (see `TimeStretcher`).
    var needsConsistentPitch: Bool { pitchScale > 1 }

    /// Rubber Band's pitch scale: the transpose, and the rate change undone (the output is played
    /// at the output rate, which by itself would raise the pitch by outputRate / sourceRate).
    var pitchScale: Double { pow(2, semitones / 12) * Double(sourceRate) / Double(outputRate) }
}
