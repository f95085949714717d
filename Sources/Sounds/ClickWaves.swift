import RenderGraph

/// The three click waveforms of one sound at one output rate. Control thread.
///
/// Made here, then copied into a `ClickSounds` for the render thread.
/// Each wave starts with its attack: sample 0 is the onset, so a click scheduled at frame f is
/// heard (and found by an onset detector) at frame f.
public struct ClickWaves: Equatable, Sendable {
    public var accent: [Float]
    public var normal: [Float]
    public var subdivision: [Float]
    /// The output rate the waves were made for, in Hz.
    public var rate: Int

    public init(accent: [Float], normal: [Float], subdivision: [Float], rate: Int) {
        self.accent = accent
        self.normal = normal
        self.subdivision = subdivision
        self.rate = rate
    }

    /// Copies the waves into a `ClickSounds` for the renderer.
    public func clickSounds(name: String) -> ClickSounds {
        ClickSounds(name: name, rate: rate, accent: accent, normal: normal, subdivision: subdivision)
    }

    /// Output rates click sounds can be made at.
    public static let allowedRates: ClosedRange<Int> = 8_000...768_000

    static func checkRate(_ rate: Int) throws(SoundError) {
        guard allowedRates.contains(rate) else { throw .badRate(rate) }
    }
}
