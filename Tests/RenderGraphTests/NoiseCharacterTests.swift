import Foundation
import Testing
@testable import RenderGraph

/// The catalog's generated sounds (`NoiseRecipe`): each one's documented character measured on
/// what the generator writes, at 48 kHz with the default seed (docs/sounds.md).
@Suite("Generated sounds: rain, fan, ocean and alarm beeps have the character the catalog says")
struct NoiseCharacterTests {
    static let rate = 48_000

    /// `seconds` of `recipe` at `level` dBFS RMS, in blocks of 1000 frames.
    static func render(_ recipe: NoiseRecipe, seconds: Double, level: Double = -22, seed: UInt64 = NoiseGenerator.defaultSeed,
                       block: Int = 1000) throws -> [Float] {
        var g = try NoiseGenerator(recipe: recipe, rate: rate, levelDecibels: level, seed: seed)
        let total = Int(seconds * Double(rate))
        var out = [Float](repeating: 0, count: total)
        var done = 0
        out.withUnsafeMutableBufferPointer { buffer in
            while done < total {
                let n = min(block, total - done)
                g.render(into: buffer.baseAddress! + done, frames: n)
                done += n
            }
        }
        return out
    }

    static func decibels(_ x: [Float]) -> Double {
        10 * log10(x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(x.count))
    }

    /// The Hann-windowed power of `x` at `hertz` (Goertzel), for comparing tones with the floor.
    static func power(_ x: [Float], at hertz: Double) -> Double {
        let w = 2 * Double.pi * hertz / Double(rate), c = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        let n = x.count
        for i in 0..<n {
            let hann = 0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n - 1))
            let s = Double(x[i]) * hann + c * s1 - s2
            s2 = s1
            s1 = s
        }
        return s1 * s1 + s2 * s2 - c * s1 * s2
    }

    /// How far a tone at `hertz` stands above the floor beside it (the mean of the power at
    /// `beside`: by default ±7, ±11 and ±13 Hz, for 10 s of sound), in dB.
    static func prominence(_ x: [Float], at hertz: Double, beside: [Double] = [-13, -11, -7, 7, 11, 13]) -> Double {
        let floor = beside.map { power(x, at: hertz + $0) }.reduce(0, +) / Double(beside.count)
        return 10 * log10(power(x, at: hertz) / floor)
    }

    @Test("fan: a hum at 120 Hz with harmonics at 240 and 360 Hz stands 20 dB above the brown noise; none at 180 or 480 Hz; -22 dBFS RMS")
    func fan() throws {
        let x = try Self.render(.fan(humHertz: 120, harmonics: 3, humDecibels: -12), seconds: 10)
        for hertz in [120.0, 240, 360] { #expect(Self.prominence(x, at: hertz) > 20, "\(hertz) Hz: \(Self.prominence(x, at: hertz)) dB") }
        for hertz in [180.0, 480] { #expect(abs(Self.prominence(x, at: hertz)) < 6, "\(hertz) Hz: \(Self.prominence(x, at: hertz)) dB") }
        #expect(abs(Self.decibels(x) - -22) < 0.5, "\(Self.decibels(x))")
    }

    @Test("rain: 12 droplets a second (716 to 724 found in 60 s) over a bed low-passed at 1.2 kHz; -22 dBFS RMS")
    func rain() throws {
        let x = try Self.render(.rain(dropletsPerSecond: 12, bedCutoffHertz: 1200, dropletLowHertz: 2500, dropletHighHertz: 5000), seconds: 60)
        // Droplets: the second difference (+12 dB per octave) leaves the bed 20 dB under them;
        // its RMS per millisecond above 6 times the median, at least 20 ms after the last one.
        var energy: [Double] = []
        var i = 2
        while i + 48 <= x.count {
            var q = 0.0
            for k in i..<(i + 48) { let d = Double(x[k]) - 2 * Double(x[k - 1]) + Double(x[k - 2]); q += d * d }
            energy.append(q)
            i += 48
        }
        let threshold = 36 * energy.sorted()[energy.count / 2]
        var count = 0, last = -100
        for (ms, e) in energy.enumerated() where e > threshold {
            if ms - last > 20 { count += 1 }
            last = ms
        }
        #expect((716...724).contains(count), "\(count) droplets")
        // The bed: the octave around 300 Hz is at least 20 dB above the octave around 10 kHz.
        let low = Self.power(x, at: 300), high = Self.power(x, at: 10_000)
        #expect(10 * log10(low / high) > 20, "\(10 * log10(low / high)) dB")
        #expect(abs(Self.decibels(x) - -22) < 0.5, "\(Self.decibels(x))")
    }

    @Test("ocean: swells 6 to 12 s apart, at least 9 dB from trough to crest; -22 dBFS RMS")
    func ocean() throws {
        let x = try Self.render(.ocean(shortestSwellSeconds: 6, longestSwellSeconds: 12, troughDecibels: -12), seconds: 120)
        // The level per 0.1 s, smoothed over 1 s.
        let step = Self.rate / 10
        let raw = stride(from: 0, to: x.count - step + 1, by: step).map { start in
            x[start..<(start + step)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(step)
        }
        let level = raw.indices.map { i in
            let window = raw[max(0, i - 5)...min(raw.count - 1, i + 4)]
            return 10 * log10(window.reduce(0, +) / Double(window.count))
        }
        // Troughs: the lowest point within ±3 s.
        let troughs = level.indices.filter { i in
            i >= 30 && i < level.count - 30 && level[(i - 30)...(i + 30)].min() == level[i]
        }
        #expect(troughs.count >= 9, "\(troughs)")
        for (a, b) in zip(troughs, troughs.dropFirst()) {
            let seconds = Double(b - a) / 10
            #expect(seconds >= 5.5 && seconds <= 12.5, "troughs at \(troughs)")
            let crest = level[a...b].max()!
            #expect(crest - level[a] >= 9, "trough \(level[a]) dB, crest \(crest) dB")
        }
        #expect(abs(Self.decibels(x) - -22) < 1, "\(Self.decibels(x))")
    }

    @Test("alarm beeps: four 0.1 s beeps at 880 Hz, 0.1 s apart, then 0.6 s of silence, to the frame; -18 dBFS RMS")
    func beeps() throws {
        let x = try Self.render(.tone(hertz: 880, beeps: 4, beepSeconds: 0.1, gapSeconds: 0.1, pauseSeconds: 0.6), seconds: 5.2, level: -18)
        // A cycle is 4·4800 + 3·4800 + 28 800 = 62 400 frames; beep k sounds in [9600k, 9600k + 4800).
        for frame in 0..<x.count {
            let inCycle = frame % 62_400
            let sounding = inCycle < 33_600 && inCycle % 9600 < 4800
            if !sounding { #expect(x[frame] == 0, "frame \(frame)"); if x[frame] != 0 { break } }
        }
        let beep = Array(x[240..<4560])   // inside the first beep, past its ramp
        #expect(Self.prominence(beep, at: 880, beside: [-300, -200, 200, 300]) > 40)
        #expect(beep.map { abs($0) }.max()! > 0.3)
        #expect(abs(Self.decibels(x) - -18) < 0.1, "\(Self.decibels(x))")
    }

    @Test("seeded: the same seed gives the same samples at any block size, another seed other samples")
    func seeded() throws {
        for recipe: NoiseRecipe in [.rain(dropletsPerSecond: 12, bedCutoffHertz: 1200, dropletLowHertz: 2500, dropletHighHertz: 5000),
                                    .ocean(shortestSwellSeconds: 6, longestSwellSeconds: 12, troughDecibels: -12),
                                    .fan(humHertz: 120, harmonics: 3, humDecibels: -12)] {
            let a = try Self.render(recipe, seconds: 2, block: 64)
            #expect(a == (try Self.render(recipe, seconds: 2, block: 4096)))
            #expect(a != (try Self.render(recipe, seconds: 2, seed: 7)))
        }
    }
}
