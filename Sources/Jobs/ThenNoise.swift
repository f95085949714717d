import RenderGraph

/// `playlist play --then-noise COLOUR:DURATION`: noise of this colour for this long after the
/// last track (fading out over min(10 s, half of it)). Any thread.
public struct ThenNoise: Sendable, Equatable {
    public let color: NoiseColor
    public let seconds: Double

    /// `brown:15m` → brown for 900 s; anything else is an error naming the value.
    public init(parsing text: String) throws(ValidationErrorMessage) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2, let seconds = DurationText.seconds(parts[1]) else {
            throw ValidationErrorMessage("--then-noise takes COLOUR:DURATION such as brown:15m, not '\(text)'")
        }
        do { color = try NoiseColor(parsing: parts[0]) } catch { throw ValidationErrorMessage("--then-noise: \(error)") }
        self.seconds = seconds
    }

    /// The title shown while it plays: "Brown Noise".
    public var title: String { "\(color) noise".capitalized }

    /// `--then-noise` as `playlist play` takes it (nil: not given); a bad value, or noise after
    /// `--repeat-all` (which never ends), is a problem.
    public static func option(_ text: String?, repeatAll: Bool) throws(OptionProblem) -> ThenNoise? {
        guard let text else { return nil }
        let noise: ThenNoise
        do { noise = try ThenNoise(parsing: text) } catch { throw OptionProblem(error.description) }
        if repeatAll { throw OptionProblem("--repeat-all never ends, so --then-noise would never start") }
        return noise
    }
}
