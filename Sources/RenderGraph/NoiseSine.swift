/// A sine from an exact 32-bit phase (a full turn is 2³²), so a tone's frequency never drifts and
/// no libm call runs on the render thread (`cos` is opaque to the compile-time check): the
/// quarter cosine of `NoiseFade`, unfolded to the whole turn. Any thread (pure).
enum NoiseSine {
    /// cos(2π·phase/2³²), to better than 10⁻¹².
    @inline(__always)
    static func cosine(_ phase: UInt32) -> Double {
        let quadrant = phase >> 30
        let u = Double(phase & 0x3FFF_FFFF) * 0x1p-30   // in [0, 1) within the quadrant
        switch quadrant {
        case 0: return NoiseFade.quarterCosine(u)
        case 1: return -NoiseFade.quarterCosine(1 - u)
        case 2: return -NoiseFade.quarterCosine(u)
        default: return NoiseFade.quarterCosine(1 - u)
        }
    }

    /// sin(2π·phase/2³²).
    @inline(__always)
    static func sine(_ phase: UInt32) -> Double {
        cosine(phase &- 0x4000_0000)
    }

    /// The phase step of `hertz` at `rate`: round(hertz·2³²/rate), wrapping (control thread).
    static func step(hertz: Double, rate: Int) -> UInt32 {
        let turns = hertz / Double(rate)
        let fraction = turns - turns.rounded(.down)
        return UInt32(truncatingIfNeeded: Int64((fraction * 0x1p32).rounded()))
    }
}
