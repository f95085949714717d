import Foundation

/// Equal-power fade curves for a seam of `length` frames: frame t of the seam keeps
/// sin(π/2 · (t + ½)/length) of what starts and cos(…) of what ends, so the power stays
/// constant and no click is heard. Worker threads (built once per program).
struct SeamFade {
    let fadeIn: [Float]
    let fadeOut: [Float]

    init(length: Int) {
        fadeIn = (0..<length).map { Float(sin(Double.pi / 2 * (Double($0) + 0.5) / Double(length))) }
        fadeOut = (0..<length).map { Float(cos(Double.pi / 2 * (Double($0) + 0.5) / Double(length))) }
    }

    var length: Int { fadeIn.count }
}
