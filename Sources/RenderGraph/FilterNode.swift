/// A listening filter node of the output graph over music left and right (never the click):
/// `--filter`'s Butterworth sections on each channel, or `--karaoke`'s centre cut (see
/// `Karaoke`). A plain struct of pointers, like `NotchFilter`: `allocate` and `deallocate` on
/// the control thread, `process` on the render thread only (no allocation, no lock). State
/// values below `NotchFilter.flushBelow` are set to 0 as they arise (no subnormal arithmetic in silence).
///
/// On and off (a `NotchSwitch`, read at the top of each block) as the notch: the filter always
/// runs, and the output crossfades linearly between the music as it came (dry) and filtered
/// (wet) over `crossfadeFrames` = round(0.02 × rate) frames: with p stepping by one a frame
/// towards `crossfadeFrames` (on) or 0 (off) before each frame is made, the frame is
/// dry + (wet − dry)·p/`crossfadeFrames` in double precision (wet rounded to a float sample
/// first), exactly wet once on and exactly dry once off.
public struct FilterNode: @unchecked Sendable {
    /// What the node does with its sections.
    public enum Kind: Sendable {
        /// `--filter`: each channel through the sections.
        case filter(FilterChoice)
        /// `--karaoke`: L − R + LP(R) and R − L + LP(L), the sections being LP.
        case karaoke
    }

    public let kind: Kind
    /// Sections per channel.
    public let sectionCount: Int
    /// Frames of a crossfade at the rate it was made for: round(0.02 × rate).
    public let crossfadeFrames: Int
    /// Five coefficients per section: b0, b1, b2, a1, a2.
    let coefficients: UnsafeMutablePointer<Double>
    /// Transposed direct form II state: two values per section per channel (left, then right).
    let state: UnsafeMutablePointer<Double>
    /// Where the crossfade is: 0 (dry) … `crossfadeFrames` (wet). Render thread.
    let fade: UnsafeMutablePointer<Int>
    /// On or off; the render thread reaches it without reference counting.
    let switchRef: Unmanaged<NotchSwitch>
    /// True for the karaoke (read on the render thread without a switch over `kind`'s payload).
    let centreCut: Bool

    /// Control thread: `--filter` for `rate` (checked by the caller), on as `toggle` is.
    public static func allocate(_ choice: FilterChoice, rate: Int, toggle: NotchSwitch = NotchSwitch()) -> FilterNode {
        make(.filter(choice), FilterDesign.sections(choice, rate: rate), rate: rate, toggle: toggle)
    }

    /// Control thread: `--karaoke` for `rate`, on as `toggle` is.
    public static func karaoke(rate: Int, toggle: NotchSwitch = NotchSwitch()) -> FilterNode {
        make(.karaoke, Karaoke.sections(rate: rate), rate: rate, toggle: toggle)
    }

    private static func make(_ kind: Kind, _ sections: [NotchDesign.Section], rate: Int, toggle: NotchSwitch) -> FilterNode {
        let c = UnsafeMutablePointer<Double>.allocate(capacity: sections.count * 5)
        for (i, s) in sections.enumerated() {
            (c + 5 * i).initialize(from: [s.b0, s.b1, s.b2, s.a1, s.a2], count: 5)
        }
        let state = UnsafeMutablePointer<Double>.allocate(capacity: sections.count * 4)
        state.initialize(repeating: 0, count: sections.count * 4)
        let frames = Int((NotchFilter.crossfadeSeconds * Double(rate)).rounded())
        let fade = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        fade.initialize(to: toggle.isOn ? frames : 0)
        var centreCut = false
        if case .karaoke = kind { centreCut = true }
        return FilterNode(kind: kind, sectionCount: sections.count, crossfadeFrames: frames, coefficients: c, state: state,
                          fade: fade, switchRef: Unmanaged.passRetained(toggle), centreCut: centreCut)
    }

    /// Control thread, once no cycle runs.
    public func deallocate() {
        coefficients.deallocate()
        state.deallocate()
        fade.deallocate()
        switchRef.release()
    }

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
        let target = switchRef._withUnsafeGuaranteedRef { $0.isOn } ? crossfadeFrames : 0
        var p = fade.pointee
        let n = Double(crossfadeFrames)
        let zLeft = state, zRight = state + 2 * sectionCount
        var i = 0
        while i < frames {
            if p < target { p += 1 } else if p > target { p -= 1 }
            let dryL = Double(left[i]), dryR = Double(right[i])
            let outL = runOne(dryL, zLeft), outR = runOne(dryR, zRight)
            // The karaoke's sections are its low-pass: each channel minus the other's highs. The
            // wet frame as it would be written, so a crossfade mixes exactly what is heard once on.
            let wetL = Double(Float(centreCut ? dryL - dryR + outR : outL))
            let wetR = Double(Float(centreCut ? dryR - dryL + outL : outR))
            if p == crossfadeFrames {
                left[i] = Float(wetL)
                right[i] = Float(wetR)
            } else if p > 0 {
                let g = Double(p) / n
                left[i] = Float(dryL + (wetL - dryL) * g)
                right[i] = Float(dryR + (wetR - dryR) * g)
            }
            i += 1
        }
        fade.pointee = p
    }

    /// One sample through every section, in double precision.
    @inline(__always)
    private func runOne(_ x: Double, _ z: UnsafeMutablePointer<Double>) -> Double {
        var input = x
        var s = 0
        while s < sectionCount {
            let c = coefficients + 5 * s
            let y = c[0] * input + z[2 * s]
            var n1 = c[1] * input - c[3] * y + z[2 * s + 1]
            var n2 = c[2] * input - c[4] * y
            if abs(n1) < NotchFilter.flushBelow { n1 = 0 }
            if abs(n2) < NotchFilter.flushBelow { n2 = 0 }
            z[2 * s] = n1
            z[2 * s + 1] = n2
            input = y
            s += 1
        }
        return input
    }
}
