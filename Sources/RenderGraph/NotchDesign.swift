#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The biquads of a `Notch` at one rate: an elliptic band-stop of order 6 (three biquads) from
/// a third-order elliptic low-pass prototype (0.5 dB ripple), by the band-stop transform and the
/// bilinear transform with pre-warped edges. Control thread only (it calls libm).
///
/// The specification (issue 21): at least 30 dB down across the band except its outer 1/12
/// octave on each side, within 1 dB of unity outside [F/2, 2F] (up to 20 kHz), peak gain at
/// most +0.5 dB. So the stop-band edges are F·2^±(W/2 − 1/12) and the pass-band edges F/2 and
/// 2F (the upper one only below 20 kHz and Nyquist). The stop edges set the centre Ω0² = Ωs1·Ωs2
/// of the band-stop transform s → B·s/(s² + Ω0²); B is the widest that keeps both pass edges
/// inside the prototype's pass band; the prototype's selectivity k = (Ωs2 − Ωs1)/B follows, and
/// its stop-band depth comes out of the elliptic degree equation (34 dB for a 1-octave notch
/// at 12 kHz and 44.1 kHz, the hardest case; 38 dB at lower centres, far more for narrower
/// widths). The pass band lies between −0.5 dB and 0 dB, so the gain never exceeds unity.
///
/// The elliptic functions follow S. J. Orfanidis, "Lecture Notes on Elliptic Filter Design"
/// (2006): `cd` and `sn` by descending Landen transformations, the inverse `sn` by ascending ones.
public enum NotchDesign {
    /// The prototype's order (three biquads).
    static let order = 3
    /// The prototype's pass-band ripple in dB.
    static let passRippleDecibels = 0.5
    /// Landen transformations (the moduli fall below 1e-300 long before).
    static let landenSteps = 8

    /// One biquad, normalised (a0 = 1): y = b0·x + b1·x₁ + b2·x₂ − a1·y₁ − a2·y₂.
    public struct Section: Equatable, Sendable {
        public let b0, b1, b2, a1, a2: Double
    }

    /// The three sections of `notch` at `rate` (their product has unity gain at DC and Nyquist).
    public static func sections(_ notch: Notch, rate: Int) -> [Section] {
        let fs = Double(rate), f = notch.frequency
        let warp = { (hz: Double) in tan(Double.pi * hz / fs) }
        let inner = notch.width / 2 - 1.0 / 12
        let s1 = warp(f * pow(2, -inner)), s2 = warp(f * pow(2, inner))
        let centre2 = s1 * s2
        var passEdges = [f / 2]
        if 2 * f < 20_000 && 2 * f < 0.499 * fs { passEdges.append(2 * f) }
        let bandwidth = passEdges.map { p in abs(centre2 - warp(p) * warp(p)) / warp(p) }.min()!
        let k = (s2 - s1) / bandwidth
        let prototype = ellipticPrototype(selectivity: k)
        var out: [Section] = []
        for (pole, zero) in zip(prototype.poles, prototype.zeros) {
            let zeros = zero.map { z in bandStopRoots(z, bandwidth: bandwidth, centre2: centre2) }
            if pole.im == 0 {
                // A real prototype pole: one section, s² − (B/p)s + Ω0²; its zeros at ±jΩ0.
                out.append(bilinear(zero2: centre2, c1: -bandwidth / pole.re, c0: centre2))
            } else {
                let poles = bandStopRoots(pole, bandwidth: bandwidth, centre2: centre2)
                    .sorted { $0.magnitude2 < $1.magnitude2 }
                let zs = zeros!.sorted { $0.magnitude2 < $1.magnitude2 }
                for (p, z) in zip(poles, zs) {
                    out.append(bilinear(zero2: z.magnitude2, c1: -2 * p.re, c0: p.magnitude2))
                }
            }
        }
        return out
    }

    /// The roots of s² − (B/r)s + Ω0² (where the band-stop transform sends the prototype's `r`).
    static func bandStopRoots(_ r: Complex, bandwidth: Double, centre2: Double) -> [Complex] {
        let a = Complex(bandwidth, 0) / r
        let d = (a * a - Complex(4 * centre2, 0)).squareRoot()
        return [(a + d).scaled(0.5), (a - d).scaled(0.5)]
    }

    /// (s² + ωz²)/(s² + c1·s + c0) through s = (z − 1)/(z + 1).
    static func bilinear(zero2: Double, c1: Double, c0: Double) -> Section {
        let a0 = 1 + c1 + c0
        return Section(b0: (1 + zero2) / a0, b1: 2 * (zero2 - 1) / a0, b2: (1 + zero2) / a0,
                       a1: (2 * c0 - 2) / a0, a2: (1 - c1 + c0) / a0)
    }

    /// The normalised elliptic low-pass of `order` (pass edge 1, stop edge 1/k): for each of
    /// the upper-half-plane poles its zero on the jΩ axis, and the real pole (odd order) with
    /// its zero at infinity (nil).
    static func ellipticPrototype(selectivity k: Double) -> (poles: [Complex], zeros: [Complex?]) {
        let n = order
        let us = (1...(n / 2)).map { Double(2 * $0 - 1) / Double(n) }
        // The degree equation: k1 = k^N · Π sn⁴(u_i K, k).
        var k1 = pow(k, Double(n))
        for u in us { k1 *= pow(sne(Complex(u, 0), k).magnitude2, 2) }
        let ep = (pow(10, passRippleDecibels / 10) - 1).squareRoot()
        let v0 = (Complex(0, -1) * asne(Complex(0, 1 / ep), k1)).scaled(1 / Double(n))
        var poles: [Complex] = [], zeros: [Complex?] = []
        for u in us {
            zeros.append(Complex(0, 1 / (k * cde(Complex(u, 0), k).re)))
            poles.append(Complex(0, 1) * cde(Complex(u, 0) - Complex(0, 1) * v0, k))
        }
        if n % 2 == 1 {
            poles.append(Complex(0, 1) * sne(Complex(0, 1) * v0, k))
            zeros.append(nil)
        }
        return (poles, zeros)
    }

    /// The descending Landen moduli of k.
    static func landen(_ k: Double) -> [Double] {
        var k = k, v: [Double] = []
        for _ in 0..<landenSteps {
            k = pow(k / (1 + (1 - k * k).squareRoot()), 2)
            v.append(k)
        }
        return v
    }

    /// cd(uK, k).
    static func cde(_ u: Complex, _ k: Double) -> Complex { descend(u.scaled(Double.pi / 2).cosine, k) }
    /// sn(uK, k).
    static func sne(_ u: Complex, _ k: Double) -> Complex { descend(u.scaled(Double.pi / 2).sine, k) }

    static func descend(_ w0: Complex, _ k: Double) -> Complex {
        var w = w0
        for v in landen(k).reversed() {
            w = (w.scaled(1 + v)) / (Complex(1, 0) + (w * w).scaled(v))
        }
        return w
    }

    /// u such that sn(uK, k) = w.
    static func asne(_ w0: Complex, _ k: Double) -> Complex {
        let v = landen(k)
        var w = w0
        for i in 0..<v.count {
            let v1 = i == 0 ? k : v[i - 1]
            w = (w / (Complex(1, 0) + (Complex(1, 0) - (w * w).scaled(v1 * v1)).squareRoot())).scaled(2 / (1 + v[i]))
        }
        return Complex(1, 0) - w.arcCosine.scaled(2 / Double.pi)
    }
}

/// A complex number, for the notch's design only. Any thread (a value).
struct Complex: Equatable {
    var re, im: Double
    init(_ re: Double, _ im: Double) { self.re = re; self.im = im }

    var magnitude2: Double { re * re + im * im }
    func scaled(_ s: Double) -> Complex { Complex(re * s, im * s) }

    static func + (a: Complex, b: Complex) -> Complex { Complex(a.re + b.re, a.im + b.im) }
    static func - (a: Complex, b: Complex) -> Complex { Complex(a.re - b.re, a.im - b.im) }
    static func * (a: Complex, b: Complex) -> Complex { Complex(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re) }
    static func / (a: Complex, b: Complex) -> Complex {
        let d = b.magnitude2
        return Complex((a.re * b.re + a.im * b.im) / d, (a.im * b.re - a.re * b.im) / d)
    }

    /// The principal square root.
    func squareRoot() -> Complex {
        let m = magnitude2.squareRoot()
        let r = ((m + re) / 2).squareRoot()
        let i = ((m - re) / 2).squareRoot()
        return Complex(r, im < 0 ? -i : i)
    }

    var cosine: Complex { Complex(cos(re) * cosh(im), -sin(re) * sinh(im)) }
    var sine: Complex { Complex(sin(re) * cosh(im), cos(re) * sinh(im)) }
    var logarithm: Complex { Complex(log(magnitude2.squareRoot()), atan2(im, re)) }
    /// The principal arc cosine: −j·log(w + j·√(1 − w²)).
    var arcCosine: Complex { Complex(0, -1) * (self + Complex(0, 1) * (Complex(1, 0) - self * self).squareRoot()).logarithm }
}
