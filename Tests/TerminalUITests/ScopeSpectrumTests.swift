import Testing
@testable import TerminalUI

@Suite("The spectrum line under the scope (--scope spectrum): log-frequency bars, a notch a dip")
struct ScopeSpectrumTests {
    /// Flat power 1 in 10 Hz bins up to 20 kHz, `dip` times that in bins `band`.
    func spectrum(_ band: ClosedRange<Int>, dip: Double) -> [Double] {
        (0...2000).map { band.contains($0) ? dip : 1 }
    }

    @Test("ten columns from 50 Hz to 20 kHz: 1821-6034 Hz (columns 7 and 8) 40 dB down are the lowest bars; 50 dB down is below the scale")
    func notchDip() {
        #expect(ScopeSpectrum.line(power: spectrum(183...603, dip: 1e-4), binHertz: 10, width: 10) == "██████▂▂██")
        #expect(ScopeSpectrum.line(power: spectrum(183...603, dip: 1e-5), binHertz: 10, width: 10) == "██████  ██")
        #expect(ScopeSpectrum.line(power: spectrum(183...603, dip: 0.1), binHertz: 10, width: 10) == "██████▇▇██")
    }

    @Test("silence and an empty spectrum are spaces; no width, no line")
    func silence() {
        #expect(ScopeSpectrum.line(power: Array(repeating: 0, count: 2001), binHertz: 10, width: 6) == "      ")
        #expect(ScopeSpectrum.line(power: [], binHertz: 10, width: 3) == "   ")
        #expect(ScopeSpectrum.line(power: spectrum(0...0, dip: 1), binHertz: 10, width: 0) == "")
    }
}
