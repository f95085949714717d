/// A chain of biquad sections over music left and right, switched on and off with a crossfade:
/// the one node behind the notch (`NotchFilter`) and the listening filters (`FilterNode`). A
/// plain struct of pointers, like `ScopeTap`: `allocate` and `deallocate` on the control thread,
/// `process` on the render thread only (no allocation, no lock; the state lives in memory
/// allocated up front). State values below `flushBelow` are set to 0 as they arise, so a silent
/// input (a paused player) never leaves the render thread computing with subnormal numbers.
///
/// On and off (a `NotchSwitch`, read at the top of each block): the sections always run, so
/// their state is ready, and the output crossfades linearly between the music as it came (dry)
/// and filtered (wet, rounded to a float sample) over `crossfadeFrames` = round(0.02 × rate)
/// frames: with p stepping by one a frame towards `crossfadeFrames` (on) or 0 (off) before each
/// frame is made, the frame is dry + (wet − dry)·p/`crossfadeFrames` in double precision:
/// exactly wet at the end of a fade on, exactly dry at the end of a fade off.
public struct SwitchedBiquadChain: @unchecked Sendable {
    /// How the sections' output becomes the wet frame.
    public enum Wet: Sendable {
        /// Each channel through the sections (the notch, `--filter`).
        case filtered
        /// `--karaoke`'s centre cut: the sections are a low-pass, and each channel is itself
        /// minus the other's highs, L − R + LP(R) and R − L + LP(L) (see `Karaoke`).
        case centreCut
    }

    /// State magnitudes below this (−600 dB) become 0.
    static let flushBelow = 1e-30
    /// How long switching on or off crossfades.
    public static let crossfadeSeconds = 0.02

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
    /// True: each section's output is rounded to a float sample before the next (the notch: so
    /// its block path, which filters the float buffer section by section, and its crossfade
    /// path give the same samples bit for bit). False: double precision through the chain.
    let roundsBetweenSections: Bool
    /// True for `Wet.centreCut` (read on the render thread without a switch over an enum).
    let centreCut: Bool

    /// Control thread: the state for `sections` at `rate`, zeroed; on as `toggle` is, without a fade.
    public static func allocate(_ sections: [NotchDesign.Section], rate: Int, toggle: NotchSwitch, wet: Wet = .filtered,
                                roundsBetweenSections: Bool = false) -> SwitchedBiquadChain {
        let c = UnsafeMutablePointer<Double>.allocate(capacity: sections.count * 5)
        for (i, s) in sections.enumerated() {
            (c + 5 * i).initialize(from: [s.b0, s.b1, s.b2, s.a1, s.a2], count: 5)
        }
        let state = UnsafeMutablePointer<Double>.allocate(capacity: sections.count * 4)
        state.initialize(repeating: 0, count: sections.count * 4)
        let frames = Int((crossfadeSeconds * Double(rate)).rounded())
        let fade = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        fade.initialize(to: toggle.isOn ? frames : 0)
        var centreCut = false
        if case .centreCut = wet { centreCut = true }
        return SwitchedBiquadChain(sectionCount: sections.count, crossfadeFrames: frames, coefficients: c, state: state,
                                   fade: fade, switchRef: Unmanaged.passRetained(toggle),
                                   roundsBetweenSections: roundsBetweenSections, centreCut: centreCut)
    }

    /// Control thread, once no cycle runs.
    public func deallocate() {
        coefficients.deallocate()
        state.deallocate()
        fade.deallocate()
        switchRef.release()
    }

    /// True when the block just processed ended switched fully off (dry). Render thread.
    var isOff: Bool { fade.pointee == 0 }

    /// Filters `frames` samples of both channels in place (or, switched off, keeps them as they
    /// are), crossfading on a switch. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        let target = switchRef._withUnsafeGuaranteedRef { $0.isOn } ? crossfadeFrames : 0
        if roundsBetweenSections && !centreCut && fade.pointee == crossfadeFrames && target == crossfadeFrames {
            run(frames: frames, left, state)
            run(frames: frames, right, state + 2 * sectionCount)
            return
        }
        var p = fade.pointee
        let n = Double(crossfadeFrames)
        let zLeft = state, zRight = state + 2 * sectionCount
        var i = 0
        while i < frames {
            if p < target { p += 1 } else if p > target { p -= 1 }
            let dryL = Double(left[i]), dryR = Double(right[i])
            let outL = runOne(dryL, zLeft), outR = runOne(dryR, zRight)
            // The wet frame as it would be written, so a crossfade mixes exactly what is heard once on.
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

    /// One sample through every section: the same operations, in the same order, as `run`.
    @inline(__always)
    private func runOne(_ x: Double, _ z: UnsafeMutablePointer<Double>) -> Double {
        var input = x
        var s = 0
        while s < sectionCount {
            let c = coefficients + 5 * s
            let y = c[0] * input + z[2 * s]
            var n1 = c[1] * input - c[3] * y + z[2 * s + 1]
            var n2 = c[2] * input - c[4] * y
            if abs(n1) < Self.flushBelow { n1 = 0 }
            if abs(n2) < Self.flushBelow { n2 = 0 }
            z[2 * s] = n1
            z[2 * s + 1] = n2
            input = roundsBetweenSections ? Double(Float(y)) : y
            s += 1
        }
        return input
    }

    /// The whole block through each section in turn, in place, each section's output rounded
    /// to the float buffer (`roundsBetweenSections`).
    @inline(__always)
    private func run(frames: Int, _ x: UnsafeMutablePointer<Float>, _ z: UnsafeMutablePointer<Double>) {
        var s = 0
        while s < sectionCount {
            let c = coefficients + 5 * s
            let b0 = c[0], b1 = c[1], b2 = c[2], a1 = c[3], a2 = c[4]
            var z1 = z[2 * s], z2 = z[2 * s + 1]
            var i = 0
            while i < frames {
                let input = Double(x[i])
                let y = b0 * input + z1
                z1 = b1 * input - a1 * y + z2
                z2 = b2 * input - a2 * y
                if abs(z1) < Self.flushBelow { z1 = 0 }
                if abs(z2) < Self.flushBelow { z2 = 0 }
                x[i] = Float(y)
                i += 1
            }
            z[2 * s] = z1
            z[2 * s + 1] = z2
            s += 1
        }
    }
}
