/// The three click waveforms (accent, normal, subdivision) at the output rate. Built on the
/// control thread, read by the render thread, freed on the control thread.
public final class ClickSounds: @unchecked Sendable {
    public let waves: (accent: UnsafeMutableBufferPointer<Float>,
                       normal: UnsafeMutableBufferPointer<Float>,
                       subdivision: UnsafeMutableBufferPointer<Float>)
    public let rate: Int
    /// A name for display ("beep", or the sample files).
    public let name: String

    /// Copies the samples; each wave must start with its attack (first sample audible).
    public init(name: String, rate: Int, accent: [Float], normal: [Float], subdivision: [Float]) {
        func copy(_ a: [Float]) -> UnsafeMutableBufferPointer<Float> {
            let p = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(a.count, 1))
            p.initialize(repeating: 0)
            _ = p.initialize(from: a)
            return p
        }
        self.name = name
        self.rate = rate
        waves = (copy(accent), copy(normal), copy(subdivision))
    }

    deinit {
        waves.accent.deallocate()
        waves.normal.deallocate()
        waves.subdivision.deallocate()
    }
}
