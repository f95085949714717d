import Foundation
import Testing
@testable import RenderGraph
import WoodshedCore
import WoodshedTestSupport

@Suite("The notch: --notch FREQ[:WIDTH], its elliptic band-stop and its place in the output graph")
struct NotchTests {
    @Test("parsing: 6000, 6.2kHz, 4000:1/2, 500:1/4; tinnitus, out-of-range, bad widths and rates: one line naming value and range")
    func parsing() throws {
        #expect(try Notch(parsing: "6000") == Notch(frequency: 6000, width: 1))
        #expect(try Notch(parsing: "6.2kHz") == Notch(frequency: 6200, width: 1))
        #expect(try Notch(parsing: "4000:1/2") == Notch(frequency: 4000, width: 0.5))
        #expect(try Notch(parsing: "500Hz:1/4") == Notch(frequency: 500, width: 0.25))
        #expect(try Notch(parsing: "12k:1") == Notch(frequency: 12000, width: 1))
        #expect(throws: NotchError.frequencyOutOfRange("200")) { try Notch(parsing: "200") }
        #expect(NotchError.frequencyOutOfRange("200").description
                == "--notch frequency 200 is out of range: use 250 Hz to 12 kHz (e.g. 6000 or 6.2kHz)")
        #expect(throws: NotchError.frequencyOutOfRange("13kHz")) { try Notch(parsing: "13kHz:1/2") }
        #expect(throws: NotchError.badFrequency("high")) { try Notch(parsing: "high") }
        #expect(NotchError.badFrequency("high").description
                == "--notch frequency 'high' is not a frequency: use 250 Hz to 12 kHz (e.g. 6000 or 6.2kHz)")
        #expect(throws: NotchError.badWidth("1/3")) { try Notch(parsing: "6000:1/3") }
        #expect(NotchError.badWidth("1/3").description == "--notch width '1/3' is not offered: use 1, 1/2 or 1/4 (octaves)")
        #expect(throws: NotchError.noMatchedFrequency) { try Notch(parsing: "tinnitus") }
        #expect(throws: NotchError.aboveRate(12000, rate: 32000)) { try Notch(frequency: 12000).check(rate: 32000) }
        #expect(NotchError.aboveRate(12000, rate: 32000).description
                == "--notch frequency 12000 Hz is too high for 32000 Hz: use at most 11200 Hz (0.35 × the rate)")
        try Notch(frequency: 12000).check(rate: 44100)
        #expect(Notch(frequency: 6200, width: 0.5).summary == "notch 6200 Hz, 1/2 octave")
    }

    @Test("--notch tinnitus[:WIDTH] centres on the matched frequency given, and says how to find one when none is saved")
    func tinnitus() throws {
        #expect(try Notch(parsing: "tinnitus", tinnitus: 6150) == Notch(frequency: 6150, width: 1))
        #expect(try Notch(parsing: "Tinnitus:1/2", tinnitus: 4000) == Notch(frequency: 4000, width: 0.5))
        #expect(throws: NotchError.badWidth("1/3")) { try Notch(parsing: "tinnitus:1/3", tinnitus: 4000) }
        #expect(Notch.namesTinnitus("tinnitus:1/4") && !Notch.namesTinnitus("6000"))
        #expect(throws: NotchError.noMatchedFrequency) { try Notch(parsing: "tinnitus:1/2") }
        #expect(NotchError.noMatchedFrequency.description
                == "--notch tinnitus: no matched frequency is saved yet: find yours with woodshed tinnitus match, or give a frequency, e.g. --notch 6000")
    }

    @Test("the impulse response through the node, at 44.1, 48 and 96 kHz, notches at 500 Hz, 4 kHz and 12 kHz, each width: ≥30 dB down across the band but its outer 1/12 octave, within 1 dB outside [F/2, 2F], peak ≤ +0.5 dB")
    func impulseResponse() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("notch-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let length = 1 << 16
        for rate in [44_100, 48_000, 96_000] {
            for f in [500.0, 4000, 12000] {
                for width in [1.0, 0.5, 0.25] {
                    let filter = NotchFilter.allocate(Notch(frequency: f, width: width), rate: rate)
                    defer { filter.deallocate() }
                    #expect(filter.sectionCount == 3)
                    var left = [Float](repeating: 0, count: length), right = left
                    left[0] = 1
                    right[0] = 1
                    left.withUnsafeMutableBufferPointer { l in
                        right.withUnsafeMutableBufferPointer { r in
                            var at = 0
                            while at < length {  // in blocks, as the graph runs it
                                filter.process(frames: 256, left: l.baseAddress! + at, right: r.baseAddress! + at)
                                at += 256
                            }
                        }
                    }
                    #expect(left == right)
                    // The response has died away well inside the window.
                    #expect(left[(length - 1024)...].allSatisfy { abs($0) < 1e-7 })
                    let file = dir.appendingPathComponent("\(rate)-\(Int(f))-\(width).f64")
                    try left.map { Double($0) }.withUnsafeBytes { Data($0) }.write(to: file)
                    let (m, line) = try NotchResponse.measure(["impulse", "\(rate)", "\(f)", "\(width)", file.path])
                    let context = "\(rate) Hz, \(f) Hz, \(width) octave: \(line)"
                    #expect(m["stop"]! <= -30, "\(context)")
                    #expect(m["passmin"]! >= -1 && m["passmax"]! <= 1, "\(context)")
                    #expect(m["peak"]! <= 0.5, "\(context)")
                }
            }
        }
    }

    @Test("after an impulse, one second of silence leaves the state at exactly 0 (no subnormal arithmetic on the render thread)")
    func silenceFlushesState() {
        let filter = NotchFilter.allocate(Notch(frequency: 4000), rate: 48_000)
        defer { filter.deallocate() }
        var left = [Float](repeating: 0, count: 256), right = left
        left[0] = 1
        right[0] = 1
        for _ in 0..<(48_000 / 256) {
            left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
                filter.process(frames: 256, left: l.baseAddress!, right: r.baseAddress!)
            } }
            left = [Float](repeating: 0, count: 256)
            right = left
        }
        #expect((0..<(4 * filter.sectionCount)).allSatisfy { filter.state[$0] == 0 })
    }

    @Test("in the output graph: the click is byte-identical with and without the notch; music L and R are the notch's output of the noise")
    func clickUntouched() throws {
        let rate = 48_000, block = 128, total = 48_000
        let timeline = try ClickTimeline(plan: try plan(120, bars: 2), rate: rate)
        let plainRenderer = Renderer(timeline: timeline, sounds: testSounds())
        let notchedRenderer = Renderer(timeline: timeline, sounds: testSounds())
        _ = plainRenderer.commands.tryPush(.start)
        _ = notchedRenderer.commands.tryPush(.start)
        let noise = try NoiseGenerator(color: .white, rate: rate)
        let plain = OutputGraph(renderer: plainRenderer, noise: noise)
        let notched = OutputGraph(renderer: notchedRenderer, noise: noise,
                                  notch: NotchFilter.allocate(Notch(frequency: 4000), rate: rate))
        let reference = NotchFilter.allocate(Notch(frequency: 4000), rate: rate)
        defer { reference.deallocate() }
        var click = [Float](repeating: 0, count: block), left = click, right = click
        var click2 = click, left2 = click, right2 = click
        var clickSame = true, musicNotched = true, musicChanged = false, anyClick = false
        for _ in 0..<(total / block) {
            click.withUnsafeMutableBufferPointer { c in left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
                plain.process(frames: block, click: c.baseAddress!, left: l.baseAddress!, right: r.baseAddress!, timing: .free(skipped: 0))
            } } }
            click2.withUnsafeMutableBufferPointer { c in left2.withUnsafeMutableBufferPointer { l in right2.withUnsafeMutableBufferPointer { r in
                notched.process(frames: block, click: c.baseAddress!, left: l.baseAddress!, right: r.baseAddress!, timing: .free(skipped: 0))
            } } }
            clickSame = clickSame && click.map(\.bitPattern) == click2.map(\.bitPattern)
            anyClick = anyClick || click.contains { $0 != 0 }
            musicChanged = musicChanged || left != left2
            // The reference filter over the plain graph's music gives the notched graph's, exactly.
            left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
                reference.process(frames: block, left: l.baseAddress!, right: r.baseAddress!)
            } }
            musicNotched = musicNotched && left == left2 && right == right2
        }
        #expect(clickSame && anyClick)
        #expect(musicChanged && musicNotched)
    }
}
