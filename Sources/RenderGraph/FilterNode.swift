/// A listening filter node of the output graph over music left and right (never the click):
/// `--filter`'s Butterworth sections on each channel, or `--karaoke`'s centre cut (see
/// `Karaoke`), as a `SwitchedBiquadChain` in double precision through the chain (the wet frame
/// rounded to a float sample). A plain struct of pointers: `allocate` and `deallocate` on the
/// control thread, `process` on the render thread only (no allocation, no lock).
///
/// On and off (a `NotchSwitch`, read at the top of each block) as the notch: see `SwitchedBiquadChain`.
public struct FilterNode: @unchecked Sendable {
    /// What the node does with its sections.
    public enum Kind: Sendable {
        /// `--filter`: each channel through the sections.
        case filter(FilterChoice)
        /// `--karaoke`: L − R + LP(R) and R − L + LP(L), the sections being LP.
        case karaoke
    }

    public let kind: Kind
    /// The sections, their state and the switch.
    let chain: SwitchedBiquadChain

    /// Sections per channel.
    public var sectionCount: Int { chain.sectionCount }
    /// Frames of a crossfade at the rate it was made for: round(0.02 × rate).
    public var crossfadeFrames: Int { chain.crossfadeFrames }

    /// Control thread: `--filter` for `rate` (checked by the caller), on as `toggle` is.
    public static func allocate(_ choice: FilterChoice, rate: Int, toggle: NotchSwitch = NotchSwitch()) -> FilterNode {
        FilterNode(kind: .filter(choice), chain: .allocate(FilterDesign.sections(choice, rate: rate), rate: rate, toggle: toggle))
    }

    /// Control thread: `--karaoke` for `rate`, on as `toggle` is.
    public static func karaoke(rate: Int, toggle: NotchSwitch = NotchSwitch()) -> FilterNode {
        FilterNode(kind: .karaoke, chain: .allocate(Karaoke.sections(rate: rate), rate: rate, toggle: toggle, wet: .centreCut))
    }

    /// Control thread, once no cycle runs.
    public func deallocate() { chain.deallocate() }

    /// "lowpass 800 Hz", "karaoke".
    public var summary: String {
        switch kind {
        case .filter(let f): f.summary
        case .karaoke: "karaoke"
        }
    }

    /// Filters `frames` samples of both channels in place, crossfading on a switch. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        chain.process(frames: frames, left: left, right: right)
    }
}
