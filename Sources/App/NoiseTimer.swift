import RenderGraph

/// The noise timer across JACK connections: frames played, and the generator for a new
/// connection with what is left of the time and its fade. Control thread.
public final class NoiseTimer {
    public let seconds: Double?
    public let fadeSeconds: Double
    /// Frames played on earlier connections, and the rate they were played at.
    private(set) var playedBefore: Int64 = 0
    private var lastSeen: Int64 = 0
    public private(set) var rate = 48_000

    public init(seconds: Double?, fadeSeconds: Double) {
        self.seconds = seconds
        self.fadeSeconds = fadeSeconds
    }

    /// A generator for a connection at `rate`: the time left, fading out (linearly, as
    /// `render --noise --fade` does) over its end.
    public func generator(color: NoiseColor, rate: Int, level: Double) throws -> NoiseGenerator {
        try generator(recipe: .noise(color), rate: rate, level: level)
    }

    /// The same for any sound (`NoiseRecipe`: a catalog sound).
    public func generator(recipe: NoiseRecipe, rate: Int, level: Double) throws -> NoiseGenerator {
        playedBefore += lastSeen
        lastSeen = 0
        self.rate = rate
        var g = try NoiseGenerator(recipe: recipe, rate: rate, levelDecibels: level)
        if let total = totalFrames {
            let left = max(total - playedBefore, 0)
            let fade = min(Int64((fadeSeconds * Double(rate)).rounded()), left)
            if fade > 0 { g.setFade(NoiseFade(endingAt: left, frames: fade)) } else { g.setFade(NoiseFade(start: left, frames: 0)) }
        }
        return g
    }

    /// Frames the timer lasts at the current rate; nil: endless.
    public var totalFrames: Int64? { seconds.map { Int64(($0 * Double(rate)).rounded()) } }

    /// Frames played so far, given the current connection's count.
    public func played(now current: Int64) -> Int64 {
        lastSeen = current
        return playedBefore + current
    }
}

