import Foundation

/// A second-order filter (RBJ cookbook, direct form I) for noise clicks. Control thread.
struct Biquad {
    private let b0, b1, b2, a1, a2: Double
    private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    enum Kind { case highPass, lowPass }

    /// A Butterworth (Q = 1/√2) filter; the cutoff is clamped below Nyquist.
    init(_ kind: Kind, cutoff: Double, rate: Int) {
        let f = min(cutoff, 0.45 * Double(rate))
        let w = 2 * Double.pi * f / Double(rate)
        let alpha = sin(w) / 2.0.squareRoot()  // sin(w) / (2Q), Q = 1/√2
        let c = cos(w), a0 = 1 + alpha
        switch kind {
        case .highPass:
            b0 = (1 + c) / 2 / a0; b1 = -(1 + c) / a0; b2 = b0
        case .lowPass:
            b0 = (1 - c) / 2 / a0; b1 = (1 - c) / a0; b2 = b0
        }
        a1 = -2 * c / a0
        a2 = (1 - alpha) / a0
    }

    mutating func process(_ x: Double) -> Double {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2 = x1; x1 = x
        y2 = y1; y1 = y
        return y
    }
}
