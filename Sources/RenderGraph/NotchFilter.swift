/// The notch node of the output graph: the `NotchDesign` biquads run over music left and right
/// (the deck's music or the noise), never over the click. A plain struct of pointers, like
/// `ScopeTap`: `allocate` and `deallocate` on the control thread, `process` on the render
/// thread only (no allocation, no lock; the state lives in memory allocated up front).
/// State values below `flushBelow` are set to 0 as they arise, so a silent input (a paused
/// player) never leaves the render thread computing with subnormal numbers.
public struct NotchFilter: @unchecked Sendable {
    /// State magnitudes below this (−600 dB) become 0.
    static let flushBelow = 1e-30

    /// What it removes.
    public let notch: Notch
    /// Sections in the chain.
    public let sectionCount: Int
    /// Five coefficients per section: b0, b1, b2, a1, a2.
    let coefficients: UnsafeMutablePointer<Double>
    /// Transposed direct form II state: two values per section per channel (left, then right).
    let state: UnsafeMutablePointer<Double>

    /// Control thread: designs the sections for `rate` and allocates their state.
    public static func allocate(_ notch: Notch, rate: Int) -> NotchFilter {
        let sections = NotchDesign.sections(notch, rate: rate)
        let c = UnsafeMutablePointer<Double>.allocate(capacity: sections.count * 5)
        for (i, s) in sections.enumerated() {
            (c + 5 * i).initialize(from: [s.b0, s.b1, s.b2, s.a1, s.a2], count: 5)
        }
        let state = UnsafeMutablePointer<Double>.allocate(capacity: sections.count * 4)
        state.initialize(repeating: 0, count: sections.count * 4)
        return NotchFilter(notch: notch, sectionCount: sections.count, coefficients: c, state: state)
    }

    /// Control thread, once no cycle runs.
    public func deallocate() {
        coefficients.deallocate()
        state.deallocate()
    }

    /// Filters `frames` samples of both channels in place. Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>) {
        run(frames: frames, left, state)
        run(frames: frames, right, state + 2 * sectionCount)
    }

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
                if abs(z1) < NotchFilter.flushBelow { z1 = 0 }
                if abs(z2) < NotchFilter.flushBelow { z2 = 0 }
                x[i] = Float(y)
                i += 1
            }
            z[2 * s] = z1
            z[2 * s + 1] = z2
            s += 1
        }
    }
}
