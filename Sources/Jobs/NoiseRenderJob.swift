import App
import WoodshedCore
import OfflineBackend
import RenderGraph

/// `woodshed render OUT --noise NAME --seconds N`: noise or a catalog sound written offline
/// through the same `NoiseGenerator` the live player runs, mono, with an optional fade to
/// silence over the last `--fade` seconds. Main thread.
public struct NoiseRenderJob {
    public let generator: NoiseGenerator
    /// The length: round(seconds × rate).
    public let frames: Int64
    public let fade: NoiseFade?
    /// `--notch`: the band-stop over the noise, if any.
    public var notch: Notch?

    /// What the summary calls it: "brown noise", "rain".
    public var name: String

    /// Throws a one-line error for a level out of range.
    public init(color: NoiseColor, levelDecibels: Double, seconds: Double, fadeSeconds: Double?, rate: Int) throws(NoiseError) {
        try self.init(recipe: .noise(color), name: "\(color) noise", levelDecibels: levelDecibels, seconds: seconds,
                      fadeSeconds: fadeSeconds, rate: rate)
    }

    /// Any sound (a catalog sound's recipe at `rate`), called `name` in the summary.
    public init(recipe: NoiseRecipe, name: String, levelDecibels: Double, seconds: Double, fadeSeconds: Double?, rate: Int) throws(NoiseError) {
        self.name = name
        var generator = try NoiseGenerator(recipe: recipe, rate: rate, levelDecibels: levelDecibels)
        let total = Int64((seconds * Double(rate)).rounded())
        let fade = fadeSeconds.map { NoiseFade(endingAt: total, frames: Int64(($0 * Double(rate)).rounded())) }
        generator.setFade(fade)
        self.generator = generator
        self.frames = total
        self.fade = fade
    }

    /// "brown noise at -18 dBFS RMS, 10:00.000 with a 0:20.000 fade-out".
    public var summary: String {
        let rate = generator.rate
        var s = "\(name) at \(NoiseError.decibels(generator.levelDecibels)) dBFS RMS, \(SourceTime.of(frame: frames, rate: rate))"
        if let fade { s += " with a \(SourceTime.of(frame: fade.frames, rate: rate)) fade-out" }
        if let notch { s += ", \(notch.summary)" }
        return s
    }

    public func write(to path: String, format: OutputFormat, quality: Int? = nil) throws {
        let rate = generator.rate
        Interrupts.install()
        let progress = ProgressLine(label: "rendering \(path)", rate: rate, enabled: ProgressLine.stderrIsTerminal)
        defer { progress.finish() }
        var parts = OutputParts()
        parts.makeNoise = { [generator] _ in generator }
        parts.notch = notch
        let graph = try parts.graph(rate: rate, renderer: nil)
        let written = try OfflineRender.run(graph: graph, frames: frames, to: path,
                                            format: format, quality: quality, rate: rate, channels: .musicLeft) { done in
            progress.update(done: done, total: frames)
        }
        progress.finish()
        print("wrote \(path): \(summary) (\(frames) frames at \(rate) Hz, \(written.format))")
    }
}
