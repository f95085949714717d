/// `--karaoke`: the centre of the mix taken out above the crossover, the lows and the sides
/// kept (issue 21). Each channel loses the other channel's content above the crossover:
///
///     L' = L − R + LP(R),   R' = R − L + LP(L)
///
/// with LP the 4th-order Butterworth low-pass at `crossoverHertz` (`FilterDesign.lowpass`). In
/// mid and side (M = (L+R)/2, S = (L−R)/2) that is M' = LP(M) and S' = 2S − LP(S): the mid
/// above the crossover is subtracted exactly (what is the same in both channels, the voice,
/// cancels), the side above it doubled — which is what keeps a part panned hard to one side
/// at its level on that side (it is heard, inverted, on the other side too). Measured: a
/// centred sine at 1 kHz −57.7 dB, a hard-left sine at 0 dB on the left, a centred 80 Hz sine
/// −0.004 dB; centred content is −20 dB and more from 340 Hz up, and within 1 dB below 150 Hz.
/// Any thread (constants).
public enum Karaoke {
    /// The crossover: below it the mix is kept (−0.6 dB at 150 Hz, −3 dB here).
    public static let crossoverHertz = 190.0

    /// The low-pass both channels run.
    public static func sections(rate: Int) -> [NotchDesign.Section] {
        FilterDesign.lowpass(crossoverHertz, rate: rate)
    }
}
