#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The power spectrum of a signal, summed over Hann-windowed blocks of `size` frames that
/// overlap by half (Welch's method without the averaging's scale, which cancels in a ratio):
/// what `woodshed tinnitus check` compares a notch band against the whole with. An in-place
/// radix-2 FFT. Control thread (it allocates; one instance, one thread).
public struct PowerSpectrum {
    /// Frames per block (a power of two).
    public let size: Int
    /// Power per bin 0…size/2, summed over the blocks added.
    public private(set) var power: [Double]
    private let window: [Double]
    private var re: [Double], im: [Double]

    public init(size: Int = 4096) {
        precondition(size >= 2 && size & (size - 1) == 0, "PowerSpectrum: size \(size) is not a power of two")
        self.size = size
        power = Array(repeating: 0, count: size / 2 + 1)
        window = (0..<size).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size)) }
        re = Array(repeating: 0, count: size)
        im = Array(repeating: 0, count: size)
    }

    /// Adds one block of `size` samples (`block[i * stride]`), windowed, to `power`.
    public mutating func add(_ block: UnsafePointer<Float>, stride: Int = 1) {
        for i in 0..<size {
            re[i] = Double(block[i * stride]) * window[i]
            im[i] = 0
        }
        transform()
        for k in 0...size / 2 { power[k] += re[k] * re[k] + im[k] * im[k] }
    }

    /// The frequency of bin `k` at `rate`, in Hz.
    public func frequency(ofBin k: Int, rate: Int) -> Double { Double(k) * Double(rate) / Double(size) }

    /// The iterative radix-2 decimation-in-time FFT of `re` + i·`im`, in place.
    private mutating func transform() {
        var j = 0
        for i in 1..<size {
            var bit = size >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var length = 2
        while length <= size {
            let angle = -2 * Double.pi / Double(length)
            let wr = cos(angle), wi = sin(angle)
            var start = 0
            while start < size {
                var cr = 1.0, ci = 0.0
                for k in 0..<length / 2 {
                    let a = start + k, b = a + length / 2
                    let tr = re[b] * cr - im[b] * ci, ti = re[b] * ci + im[b] * cr
                    re[b] = re[a] - tr; im[b] = im[a] - ti
                    re[a] += tr; im[a] += ti
                    let next = cr * wr - ci * wi
                    ci = cr * wi + ci * wr
                    cr = next
                }
                start += length
            }
            length <<= 1
        }
    }
}
