import Foundation
import Testing
@testable import RenderGraph
import WoodshedTestSupport

/// What a long noise render measured: level, mean, peak, and the spectrum's slope. Test only.
struct NoiseMeasurement: CustomStringConvertible {
    var rmsDecibels = 0.0
    var mean = 0.0
    /// The largest |mean| over one minute.
    var worstMinuteMean = 0.0
    var peak = 0.0
    /// Samples with |x| ≥ 1.
    var clipped = 0
    var slope = 0.0

    var description: String {
        String(format: "level %.3f dBFS RMS, slope %.3f dB/octave, mean %.2e (worst minute %.2e), peak %.3f (%.2f dBFS), %d clipped",
               rmsDecibels, slope, mean, worstMinuteMean, peak, 20 * log10(peak), clipped)
    }

    /// Renders `seconds` of `generator` in blocks of 8192 frames: every sample goes into the
    /// level, mean, peak and clipping figures; `segments` blocks spread evenly over the render
    /// go into a Welch-averaged spectrum, whose slope is fitted between 100 Hz and 10 kHz.
    static func of(_ generator: NoiseGenerator, seconds: Int, segments: Int = 32) -> NoiseMeasurement {
        var g = generator
        let rate = g.rate
        let total = seconds * rate, block = Welch.size
        let blocks = (total + block - 1) / block
        let every = max(1, blocks / segments)
        let welch = Welch()
        var m = NoiseMeasurement()
        var sum = 0.0, squares = 0.0, peak: Float = 0, clipped = 0
        var minuteSum = 0.0, minuteCount = 0, worstMinute = 0.0
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: block)
        defer { buffer.deallocate() }
        var done = 0, b = 0
        while done < total {
            let n = min(block, total - done)
            g.render(into: buffer.baseAddress!, frames: n)
            var s = 0.0, q = 0.0
            for i in 0..<n {
                let x = buffer[i]
                let d = Double(x)
                s += d
                q += d * d
                let a = abs(x)
                if a > peak { peak = a }
                if a >= 1 { clipped += 1 }
            }
            sum += s
            squares += q
            minuteSum += s
            minuteCount += n
            if minuteCount >= 60 * rate || done + n == total {
                worstMinute = max(worstMinute, abs(minuteSum / Double(minuteCount)))
                minuteSum = 0
                minuteCount = 0
            }
            if n == block && b % every == 0 && welch.count < segments { welch.add(buffer) }
            done += n
            b += 1
        }
        m.rmsDecibels = 10 * log10(squares / Double(total))
        m.mean = sum / Double(total)
        m.worstMinuteMean = worstMinute
        m.peak = Double(peak)
        m.clipped = clipped
        m.slope = welch.slope(rate: rate, from: 100, to: 10_000)
        return m
    }
}

/// A Welch-averaged power spectrum (Hann window, radix-2 FFT of `size` points) and a power-law
/// fit over bands of equal width in octaves. Test only.
final class Welch {
    static let size = 8192
    private(set) var count = 0
    private var power = [Double](repeating: 0, count: Welch.size / 2 + 1)
    private let window: [Double]
    private let fourier = FourierTransform(size: Welch.size)

    init() {
        let n = Welch.size
        window = (0..<n).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n)) }
    }

    /// Adds the power spectrum of `x[0..<size]`.
    func add(_ x: UnsafeMutableBufferPointer<Float>) {
        let n = Welch.size
        var re = [Double](repeating: 0, count: n), im = [Double](repeating: 0, count: n)
        re.withUnsafeMutableBufferPointer { r in
            im.withUnsafeMutableBufferPointer { i in
                window.withUnsafeBufferPointer { w in
                    for k in 0..<n { r[k] = Double(x[k]) * w[k] }
                }
                fourier.transform(r, i)
                for k in 0...(n / 2) { power[k] += r[k] * r[k] + i[k] * i[k] }
            }
        }
        count += 1
    }

    /// The slope in dB per octave of a least-squares line through (log2 f, 10·log10 P) for 20
    /// bands of equal width in octaves between `low` and `high`: P is the band's mean power,
    /// f the mean frequency (in octaves) of its bins.
    func slope(rate: Int, from low: Double, to high: Double, bands: Int = 20) -> Double {
        let binHz = Double(rate) / Double(Welch.size)
        var xs: [Double] = [], ys: [Double] = []
        for j in 0..<bands {
            let lo = low * pow(high / low, Double(j) / Double(bands))
            let hi = low * pow(high / low, Double(j + 1) / Double(bands))
            let bins = (Int((lo / binHz).rounded(.up))...Int((hi / binHz).rounded(.up)) - 1)
            guard !bins.isEmpty else { continue }
            xs.append(bins.map { log2(Double($0) * binHz) }.reduce(0, +) / Double(bins.count))
            ys.append(10 * log10(bins.map { power[$0] }.reduce(0, +) / Double(bins.count)))
        }
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        var sxy = 0.0, sxx = 0.0
        for (x, y) in zip(xs, ys) { sxy += (x - mx) * (y - my); sxx += (x - mx) * (x - mx) }
        return sxy / sxx
    }
}

@Suite("Noise: white, pink and brown at a set level, for hours, ending in an exact fade")
struct NoiseTests {
    @Test("ten minutes at 48 kHz: the slope within 0.5 dB/octave of the colour's, the level within 0.5 dB, no DC, no clipping",
          arguments: NoiseColor.allCases)
    func tenMinutes(color: NoiseColor) throws {
        let g = try NoiseGenerator(color: color, rate: 48_000)
        let m = NoiseMeasurement.of(g, seconds: 600)
        print("\(color) noise, 10 minutes at 48 kHz: \(m)")
        #expect(abs(m.slope - color.decibelsPerOctave) < 0.5, "\(m)")
        #expect(abs(m.rmsDecibels - NoiseGenerator.defaultLevel) < 0.5, "\(m)")
        #expect(abs(m.mean) < 1e-4, "\(m)")
        #expect(m.worstMinuteMean < 5e-4, "\(m)")
        #expect(m.clipped == 0 && m.peak < 1, "\(m)")
    }

    @Test("the slopes hold at 44.1 and 96 kHz too (one minute each)",
          arguments: [(NoiseColor.pink, 44_100), (.brown, 44_100), (.pink, 96_000), (.brown, 96_000)])
    func otherRates(color: NoiseColor, rate: Int) throws {
        let m = NoiseMeasurement.of(try NoiseGenerator(color: color, rate: rate), seconds: 60, segments: 64)
        print("\(color) noise, 1 minute at \(rate) Hz: \(m)")
        #expect(abs(m.slope - color.decibelsPerOctave) < 0.5, "\(m)")
        #expect(abs(m.rmsDecibels - NoiseGenerator.defaultLevel) < 0.5, "\(m)")
    }

    @Test("at the loudest level allowed (−12 dBFS) brown noise still never reaches full scale, and keeps its level")
    func loudest() throws {
        let g = try NoiseGenerator(color: .brown, rate: 48_000, levelDecibels: NoiseGenerator.levelRange.upperBound)
        let m = NoiseMeasurement.of(g, seconds: 600, segments: 8)
        print("brown noise at -12 dBFS, 10 minutes at 48 kHz: \(m)")
        #expect(m.clipped == 0 && m.peak < 1, "\(m)")
        #expect(abs(m.rmsDecibels + 12) < 0.1, "\(m)")
    }

    @Test("the soft ceiling: the identity up to 0.9, then bent smoothly towards ±1, which it never reaches")
    func softCeiling() {
        for x in [0, 0.25, -0.5, 0.9, -0.9] { #expect(NoiseGenerator.softCeiling(x) == x) }
        var last = 0.9
        for x in stride(from: 0.9001, through: 1000, by: 0.37) {
            let y = NoiseGenerator.softCeiling(x)
            #expect(y > last && y < 1)
            #expect(NoiseGenerator.softCeiling(-x) == -y)
            last = y
        }
        #expect(NoiseGenerator.softCeiling(1e300) == Double(Float(1).nextDown))
        #expect(Float(NoiseGenerator.softCeiling(-1e300)) == -Float(1).nextDown)
        // The same slope on both sides of the knee: no kink.
        #expect(abs((NoiseGenerator.softCeiling(0.9 + 1e-7) - 0.9) / 1e-7 - 1) < 1e-5)
    }

    @Test("the same seed gives the same noise at any block size; another seed another noise", arguments: NoiseColor.allCases)
    func deterministic(color: NoiseColor) throws {
        let g = try NoiseGenerator(color: color, rate: 48_000, seed: 42)
        let whole = NoiseTests.render(g, frames: 10_000, block: 10_000)
        for block in [1, 64, 333, 4096] { #expect(NoiseTests.render(g, frames: 10_000, block: block) == whole) }
        let other = NoiseTests.render(try NoiseGenerator(color: color, rate: 48_000, seed: 43), frames: 10_000, block: 512)
        #expect(other != whole)
        #expect(whole.allSatisfy { $0 != 0 })
    }

    @Test("a linear fade of 480 frames from frame 1000: untouched before, 1 − (k+1)/480 on its k-th frame, 0 from its last frame on")
    func linearFade() throws {
        let plain = try NoiseGenerator(color: .pink, rate: 48_000)
        var faded = plain
        faded.setFade(NoiseFade(start: 1000, frames: 480))
        let x = NoiseTests.render(plain, frames: 3000, block: 97)
        let y = NoiseTests.render(faded, frames: 3000, block: 97)
        #expect(Array(y[..<1000]) == Array(x[..<1000]))
        #expect(y[1479...].allSatisfy { $0 == 0 })
        for k in 0..<479 {
            let gain = 1 - Double(k + 1) / 480
            #expect(abs(Double(y[1000 + k]) - Double(x[1000 + k]) * gain) <= 1e-7, "frame \(1000 + k)")
        }
        // The curve at a few points, exactly.
        let fade = NoiseFade(start: 1000, frames: 480)
        #expect(fade.gain(at: 999) == 1)
        #expect(fade.gain(at: 1000) == 1 - 1.0 / 480)
        #expect(fade.gain(at: 1239) == 0.5)
        #expect(fade.gain(at: 1478) == 1.0 / 480)
        #expect(fade.gain(at: 1479) == 0)
        #expect(fade.gain(at: 1480) == 0 && fade.gain(at: Int64.max) == 0)
        #expect(fade.end == 1480)
    }

    @Test("an equal-power fade follows cos(π/2 · (k+1)/N): 1/√2 half-way, 0 on its last frame")
    func equalPowerFade() throws {
        let plain = try NoiseGenerator(color: .brown, rate: 48_000)
        var faded = plain
        faded.setFade(NoiseFade(start: 200, frames: 1000, shape: .equalPower))
        let x = NoiseTests.render(plain, frames: 2000, block: 256)
        let y = NoiseTests.render(faded, frames: 2000, block: 256)
        #expect(Array(y[..<200]) == Array(x[..<200]))
        #expect(y[1199...].allSatisfy { $0 == 0 })
        for k in 0..<999 {
            let gain = cos(Double.pi / 2 * Double(k + 1) / 1000)
            #expect(abs(Double(y[200 + k]) - Double(x[200 + k]) * gain) <= 1e-7, "frame \(200 + k)")
        }
        let fade = NoiseFade(start: 200, frames: 1000, shape: .equalPower)
        #expect(fade.gain(at: 199) == 1)
        #expect(abs(fade.gain(at: 699) - 0.5.squareRoot()) < 1e-12)
        #expect(abs(fade.gain(at: 200) - cos(Double.pi / 2000)) < 1e-12)
        #expect(abs(fade.gain(at: 1198) - sin(Double.pi / 2000)) < 1e-12)
        #expect(fade.gain(at: 1199) == 0)
        // The quarter cosine against libm over the whole fade.
        for i in 0...1000 {
            let t = Double(i) / 1000
            #expect(abs(NoiseFade.quarterCosine(t) - cos(Double.pi / 2 * t)) < 1e-12)
        }
    }

    @Test("a fade at the end of a render: its last frame is the last frame of the render, and it is 0")
    func fadeAtTheEnd() throws {
        var g = try NoiseGenerator(color: .white, rate: 48_000)
        let fade = NoiseFade(endingAt: 48_000, frames: 960)
        #expect(fade.start == 47_040 && fade.end == 48_000)
        g.setFade(fade)
        let y = NoiseTests.render(g, frames: 48_000, block: 1024)
        #expect(y[47_039] != 0 && y[47_040] != 0)
        #expect(y[47_999] == 0 && y[47_998] != 0)
        #expect(NoiseFade(endingAt: 100, frames: 500).start == 0)
        var h = g
        #expect(!h.isFinished)
        var buffer = [Float](repeating: 0, count: 48_000)
        buffer.withUnsafeMutableBufferPointer { h.render(into: $0.baseAddress!, frames: 47_998) }
        #expect(!h.isFinished)
        buffer.withUnsafeMutableBufferPointer { h.render(into: $0.baseAddress!, frames: 1) }
        #expect(h.isFinished && h.position == 47_999)
    }

    @Test("mix adds to what is there; render replaces it")
    func mixAdds() throws {
        let g = try NoiseGenerator(color: .white, rate: 48_000)
        let x = NoiseTests.render(g, frames: 100, block: 100)
        var a = g, b = g
        var ones = [Float](repeating: 1, count: 100), over = [Float](repeating: 1, count: 100)
        ones.withUnsafeMutableBufferPointer { a.mix(into: $0.baseAddress!, frames: 100) }
        over.withUnsafeMutableBufferPointer { b.render(into: $0.baseAddress!, frames: 100) }
        #expect(ones == x.map { 1 + $0 })
        #expect(over == x)
        #expect(a.position == 100 && b.position == 100)
    }

    @Test("colours by name, in any case; anything else is one line naming the choices")
    func parsing() throws {
        #expect(try NoiseColor(parsing: "white") == .white)
        #expect(try NoiseColor(parsing: "Pink") == .pink)
        #expect(try NoiseColor(parsing: "BROWN") == .brown)
        #expect(throws: NoiseError.unknownColor("purple")) { try NoiseColor(parsing: "purple") }
        #expect(NoiseError.unknownColor("purple").description == "unknown noise colour 'purple': use white, pink or brown")
        #expect(throws: NoiseError.levelOutOfRange(-6)) { try NoiseGenerator(color: .white, rate: 48_000, levelDecibels: -6) }
        #expect(NoiseError.levelOutOfRange(-6).description == "noise level -6 dBFS is out of range: use -90 to -12 dBFS RMS")
        #expect(NoiseError.levelOutOfRange(-100.5).description == "noise level -100.5 dBFS is out of range: use -90 to -12 dBFS RMS")
    }

    /// `frames` frames of a copy of `g`, rendered in blocks of `block`.
    static func render(_ g: NoiseGenerator, frames: Int, block: Int) -> [Float] {
        var g = g
        var out = [Float](repeating: 0, count: frames)
        out.withUnsafeMutableBufferPointer { buf in
            var done = 0
            while done < frames {
                let n = min(block, frames - done)
                g.render(into: buf.baseAddress! + done, frames: n)
                done += n
            }
        }
        return out
    }
}
