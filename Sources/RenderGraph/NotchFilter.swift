/// The notch node of the output graph: the `NotchDesign` biquads run over music left and right
/// (the deck's music or the noise), never over the click, as a `SwitchedBiquadChain` whose
/// sections round to a float sample between them (its steady block path and its crossfade give
/// the same samples), then its peak limit. A plain struct of pointers: `allocate` and
/// `deallocate` on the control thread, `process` and `limitPeaks` on the render thread only (no
/// allocation, no lock).
///
/// On and off (`NotchSwitch`, read at the top of each block): see `SwitchedBiquadChain`.
public struct NotchFilter: @unchecked Sendable {
    /// How long switching on or off crossfades.
    public static let crossfadeSeconds = SwitchedBiquadChain.crossfadeSeconds

    /// What it removes.
    public let notch: Notch
    /// The sections, their state and the switch.
    let chain: SwitchedBiquadChain

    /// Sections in the chain.
    public var sectionCount: Int { chain.sectionCount }
    /// Frames of a crossfade at the rate it was made for: round(0.02 × rate).
    public var crossfadeFrames: Int { chain.crossfadeFrames }
    /// The sections' state (two values per section per channel, left then right).
    var state: UnsafeMutablePointer<Double> { chain.state }

    /// Control thread: designs the sections for `rate` and allocates their state; the notch
    /// starts as `toggle` is (on when none is given), without a fade.
    public static func allocate(_ notch: Notch, rate: Int, toggle: NotchSwitch = NotchSwitch()) -> NotchFilter {
        NotchFilter(notch: notch, chain: .allocate(NotchDesign.sections(notch, rate: rate), rate: rate, toggle: toggle,
                                                   roundsBetweenSections: true))
    }

    /// Control thread, once no cycle runs.
    public func deallocate() { chain.deallocate() }

    /// Filters `frames` samples of both channels in place (or, switched off, keeps them as they
    /// are, crossfading on a switch). Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        chain.process(frames: frames, left: left, right: right)
    }

    /// After `process`, while the notch is on or fading: every sample above the knee (0.9,
    /// −0.92 dBFS) is bent by the soft ceiling the noise uses (`NoiseGenerator.softCeiling`)
    /// towards ±1 and never to it, so no input peaking at −1 dBFS, however its waveform lines up
    /// with the filter's ringing, comes out above 0 dBFS; at or below the knee every sample is
    /// left exactly as it is. A block that ends switched off is not touched. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func limitPeaks(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        if chain.isOff { return }
        var i = 0
        while i < frames {
            left[i] = Float(NoiseGenerator.softCeiling(Double(left[i])))
            right[i] = Float(NoiseGenerator.softCeiling(Double(right[i])))
            i += 1
        }
    }
}
