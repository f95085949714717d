import Foundation

/// A radix-2 FFT of one size, with its twiddle tables: the spectra the tests measure (noise
/// colours, stretched and transposed audio). Test only; one instance per thread.
public final class FourierTransform {
    public let size: Int
    private let cosines: [Double], sines: [Double]

    /// `size`: a power of two.
    public init(size: Int) {
        precondition(size > 1 && size & (size - 1) == 0, "FourierTransform: \(size) is not a power of two")
        self.size = size
        cosines = (0..<(size / 2)).map { cos(-2 * Double.pi * Double($0) / Double(size)) }
        sines = (0..<(size / 2)).map { sin(-2 * Double.pi * Double($0) / Double(size)) }
    }

    /// In place, iterative radix-2, with twiddles e^(−2πik/n) from the tables; `re` and `im`
    /// hold `size` values each.
    public func transform(_ re: UnsafeMutableBufferPointer<Double>, _ im: UnsafeMutableBufferPointer<Double>) {
        let n = size
        precondition(re.count == n && im.count == n)
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        cosines.withUnsafeBufferPointer { cosines in
            sines.withUnsafeBufferPointer { sines in
                var len = 2
                while len <= n {
                    let half = len / 2, step = n / len
                    var s = 0
                    while s < n {
                        for m in 0..<half {
                            let wr = cosines[m * step], wi = sines[m * step]
                            let a = s + m, b = a + half
                            let tr = re[b] * wr - im[b] * wi, ti = re[b] * wi + im[b] * wr
                            re[b] = re[a] - tr; im[b] = im[a] - ti
                            re[a] += tr; im[a] += ti
                        }
                        s += len
                    }
                    len *= 2
                }
            }
        }
    }

    /// The same on arrays of `size` values.
    public func transform(_ re: inout [Double], _ im: inout [Double]) {
        re.withUnsafeMutableBufferPointer { r in im.withUnsafeMutableBufferPointer { i in transform(r, i) } }
    }
}
