import Foundation
import Testing
@testable import RenderGraph
import WoodshedTestSupport

@Suite("The listening filters: --filter lowpass/highpass/band (24 dB per octave) and --karaoke, nodes of the output graph")
struct FilterTests {
    @Test("parsing: lowpass:800, highpass:2.5kHz, band:200-2000; unknown kind, bad frequency, LO ≥ HI and the 20 Hz–0.45 × rate range: one line each")
    func parsing() throws {
        #expect(try FilterChoice(parsing: "lowpass:800") == .lowpass(800))
        #expect(try FilterChoice(parsing: "highpass:2.5kHz") == .highpass(2500))
        #expect(try FilterChoice(parsing: "band:200-2000") == .band(low: 200, high: 2000))
        #expect(try FilterChoice(parsing: "Band:200Hz-2k") == .band(low: 200, high: 2000))
        #expect(throws: FilterError.unknownKind("notch")) { try FilterChoice(parsing: "notch:300") }
        #expect(FilterError.unknownKind("notch").description
                == "--filter kind 'notch' is unknown: use lowpass:FREQ, highpass:FREQ or band:LO-HI (e.g. lowpass:800 or band:200-2000)")
        #expect(throws: FilterError.badFrequency("loud")) { try FilterChoice(parsing: "lowpass:loud") }
        #expect(throws: FilterError.badFrequency("")) { try FilterChoice(parsing: "highpass") }
        #expect(FilterError.badFrequency("loud").description
                == "--filter frequency 'loud' is not a frequency: use 20 Hz to 0.45 × the rate (e.g. 800 or 2.5kHz)")
        #expect(throws: FilterError.badBand("300")) { try FilterChoice(parsing: "band:300") }
        #expect(FilterError.badBand("300").description == "--filter band '300' is not LO-HI: give two frequencies, e.g. band:200-2000")
        #expect(throws: FilterError.bandOrder(low: 2000, high: 200)) { try FilterChoice(parsing: "band:2000-200") }
        #expect(FilterError.bandOrder(low: 2000, high: 200).description
                == "--filter band 2000-200: LO must be below HI (e.g. band:200-2000)")
        #expect(throws: FilterError.frequencyOutOfRange(10, rate: nil)) { try FilterChoice(parsing: "highpass:10") }
        #expect(FilterError.frequencyOutOfRange(10, rate: nil).description
                == "--filter frequency 10 Hz is out of range: use 20 Hz to 0.45 × the rate")
        #expect(throws: FilterError.frequencyOutOfRange(22000, rate: 48000)) { try FilterChoice.band(low: 200, high: 22000).check(rate: 48000) }
        #expect(FilterError.frequencyOutOfRange(22000, rate: 48000).description
                == "--filter frequency 22000 Hz is out of range at 48000 Hz: use 20 Hz to 21600 Hz (0.45 × the rate)")
        try FilterChoice.lowpass(21600).check(rate: 48000)
        #expect(FilterChoice.band(low: 200, high: 2000).summary == "band 200–2000 Hz")
        #expect(FilterChoice.highpass(2500).summary == "highpass 2500 Hz")
    }

    /// The left channel's response to a unit impulse (`right`: the right channel's input, the
    /// same impulse or silence), `length` frames through a fresh node in blocks of 256.
    func impulse(_ node: FilterNode, right rightImpulse: Bool = true, length: Int = 1 << 17) -> (left: [Double], right: [Double]) {
        defer { node.deallocate() }
        var left = [Float](repeating: 0, count: length), right = left
        left[0] = 1
        if rightImpulse { right[0] = 1 }
        left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
            var at = 0
            while at < length {
                node.process(frames: 256, left: l.baseAddress! + at, right: r.baseAddress! + at)
                at += 256
            }
        } }
        return (left.map(Double.init), right.map(Double.init))
    }

    @Test("lowpass and highpass from the impulse response at 44.1, 48 and 96 kHz: −3 dB ±0.5 at FREQ, −45…−51 dB two octaves out (24 dB per octave), never above 0 dB",
          arguments: [44_100, 48_000, 96_000])
    func lowAndHighPass(rate: Int) throws {
        for (choice, corner, out) in [(FilterChoice.lowpass(1000), 1000.0, 4000.0), (.lowpass(500), 500, 2000),
                                      (.highpass(1000), 1000, 250), (.highpass(2000), 2000, 500)] {
            let r = impulse(FilterNode.allocate(choice, rate: rate))
            #expect(r.left == r.right)
            let m = try FilterResponse.measure(r.left, rate: rate, at: [corner, out])
            let context = "\(rate) Hz, \(choice.summary): \(m.text)"
            #expect(abs(m.gains[0] + 3) <= 0.5, "\(context)")
            #expect(m.gains[1] <= -45 && m.gains[1] >= -51, "\(context)")
            #expect(m.peak <= 0.01, "\(context)")
        }
    }

    @Test("band:250-1000 from the impulse response at 44.1, 48 and 96 kHz: −3 dB ±0.5 at both edges, within 0.5 dB of 0 in the middle, −45…−51 dB two octaves out on both sides",
          arguments: [44_100, 48_000, 96_000])
    func band(rate: Int) throws {
        let r = impulse(FilterNode.allocate(.band(low: 250, high: 1000), rate: rate))
        #expect(r.left == r.right)
        let m = try FilterResponse.measure(r.left, rate: rate, at: [250, 1000, 500, 62.5, 4000])
        let context = "\(rate) Hz: \(m.text)"
        #expect(abs(m.gains[0] + 3) <= 0.5 && abs(m.gains[1] + 3) <= 0.5, "\(context)")
        #expect(abs(m.gains[2]) <= 0.5, "\(context)")
        #expect(m.gains[3] <= -45 && m.gains[3] >= -51 && m.gains[4] <= -45 && m.gains[4] >= -51, "\(context)")
        #expect(m.peak <= 0.01, "\(context)")
    }

    @Test("karaoke from the impulse responses at 44.1, 48 and 96 kHz: centre at 1 kHz −20 dB or more, hard left at 1 kHz within ±1 dB on the left, centre at 80 and 150 Hz within ±1 dB",
          arguments: [44_100, 48_000, 96_000])
    func karaokeResponse(rate: Int) throws {
        let centre = impulse(FilterNode.karaoke(rate: rate))
        #expect(centre.left == centre.right)
        let c = try FilterResponse.measure(centre.left, rate: rate, at: [1000, 80, 150])
        #expect(c.gains[0] <= -20, "\(rate) Hz centre: \(c.text)")
        #expect(abs(c.gains[1]) <= 1 && abs(c.gains[2]) <= 1, "\(rate) Hz centre: \(c.text)")
        let hardLeft = impulse(FilterNode.karaoke(rate: rate), right: false)
        let l = try FilterResponse.measure(hardLeft.left, rate: rate, at: [1000, 80])
        #expect(abs(l.gains[0]) <= 1 && abs(l.gains[1]) <= 1, "\(rate) Hz hard left: \(l.text)")
    }

    /// The amplitude of the `hz` sine in `x` over its last second (a least-squares fit).
    func amplitude(_ x: [Float], hz: Double, rate: Int) -> Double {
        var c = 0.0, s = 0.0
        for i in (x.count - rate)..<x.count {
            let w = 2 * Double.pi * hz * Double(i) / Double(rate)
            c += Double(x[i]) * cos(w)
            s += Double(x[i]) * sin(w)
        }
        return 2 * (c * c + s * s).squareRoot() / Double(rate)
    }

    @Test("karaoke on sines at 48 kHz, 2 s at 0.5: a centre-panned 1 kHz sine −20 dB or more, a hard-left 1 kHz sine within ±1 dB on the left, a centre 80 Hz sine within ±1 dB")
    func karaokeSines() {
        let rate = 48_000, length = 2 * rate
        func run(_ hz: Double, left l: Bool, right r: Bool) -> (left: Double, right: Double) {
            let node = FilterNode.karaoke(rate: rate)
            defer { node.deallocate() }
            let sine = (0..<length).map { Float(0.5 * sin(2 * Double.pi * hz * Double($0) / Double(rate))) }
            var left = l ? sine : [Float](repeating: 0, count: length), right = r ? sine : [Float](repeating: 0, count: length)
            left.withUnsafeMutableBufferPointer { lp in right.withUnsafeMutableBufferPointer { rp in
                var at = 0
                while at < length { node.process(frames: 256, left: lp.baseAddress! + at, right: rp.baseAddress! + at); at += 256 }
            } }
            return (20 * log10(amplitude(left, hz: hz, rate: rate) / 0.5), 20 * log10(amplitude(right, hz: hz, rate: rate) / 0.5))
        }
        let centre = run(1000, left: true, right: true)
        #expect(centre.left <= -20 && centre.right <= -20, "\(centre)")
        let hardLeft = run(1000, left: true, right: false)
        #expect(abs(hardLeft.left) <= 1, "\(hardLeft)")
        let bass = run(80, left: true, right: true)
        #expect(abs(bass.left) <= 1 && abs(bass.right) <= 1, "\(bass)")
    }
}
