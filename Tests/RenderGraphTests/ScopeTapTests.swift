import Foundation
import Synchronization
import Testing
@testable import RenderGraph

/// Feeds `seconds` of per-port signals to `tap` in cycles of `block` frames. `signal(port,
/// frame)` gives each sample; a nil signal leaves that port's buffer out (silence).
private func feed(_ tap: ScopeTap, rate: Int, seconds: Double, block: Int = 256, from start: Int = 0,
                  _ signals: [((Int) -> Float)?]) -> Int {
    let total = Int(seconds * Double(rate))
    let buffers = (0..<3).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: block) }
    defer { buffers.forEach { $0.deallocate() } }
    var done = 0
    while done < total {
        let n = min(block, total - done)
        for (p, signal) in signals.enumerated() {
            guard let signal else { continue }
            for i in 0..<n { buffers[p][i] = signal(start + done + i) }
        }
        func port(_ p: Int) -> UnsafePointer<Float>? {
            p < signals.count && signals[p] != nil ? UnsafePointer(buffers[p]) : nil
        }
        tap.process(frames: n, port(0), port(1), port(2))
        done += n
    }
    return start + total
}

private func sine(amplitude: Float, hertz: Double, rate: Int) -> (Int) -> Float {
    { i in amplitude * Float(sin(2 * Double.pi * hertz * Double(i) / Double(rate))) }
}

/// What the reader thread of the tearing test found (written before `done` is signalled).
private final class ReaderResult: @unchecked Sendable {
    let started = Atomic<Bool>(false)
    let stop = Atomic<Bool>(false)
    var copies = 0, distinct = 0, torn = 0
}

@Suite("The scope tap")
struct ScopeTapTests {
    @Test("a sine of known amplitude reads its peak and RMS to 0.1 dB on each port")
    func sineLevels() throws {
        let rate = 48_000
        let tap = ScopeTap.allocate(ports: 3, rate: rate)
        defer { tap.deallocate() }
        #expect(tap.framesPerColumn == 9)  // 256 columns over 50 ms at 48 kHz
        #expect(tap.levelColumns == 178)  // 1/30 s
        _ = feed(tap, rate: rate, seconds: 0.5, [
            sine(amplitude: 0.5, hertz: 1000, rate: rate),
            sine(amplitude: 1, hertz: 440, rate: rate),
            sine(amplitude: 0.1, hertz: 997, rate: rate),
        ])
        let s = try #require(tap.snapshot())
        #expect(s.frames == 24_000)
        let expected: [(amplitude: Float, peak: Double, rms: Double)] = [(0.5, -6.02, -9.03), (1, 0, -3.01), (0.1, -20, -23.01)]
        for (p, e) in expected.enumerated() {
            let port = s.ports[p]
            #expect(abs(port.peakDecibels - e.peak) < 0.1, "port \(p) peak \(port.peakDecibels)")
            #expect(abs(port.rmsDecibels - e.rms) < 0.1, "port \(p) rms \(port.rmsDecibels)")
            #expect(abs(port.heldPeakDecibels - e.peak) < 0.1, "port \(p) held \(port.heldPeakDecibels)")
            #expect(port.minimums.count == 256 && port.maximums.count == 256)
            // 9 frames per column: every column of the trace stays within the amplitude.
            let amplitude = e.amplitude
            #expect(port.maximums.max()! <= amplitude * 1.0001 && port.minimums.min()! >= -amplitude * 1.0001)
            #expect(port.maximums.max()! > amplitude * 0.99 && port.minimums.min()! < -amplitude * 0.99)
            #expect(!port.isFlat)
        }
    }

    @Test("silence is flat, with −∞ levels, on ports given no buffer too")
    func silence() throws {
        let rate = 44_100
        let tap = ScopeTap.allocate(ports: 3, rate: rate)
        defer { tap.deallocate() }
        #expect(tap.snapshot() == nil)  // nothing published yet
        _ = feed(tap, rate: rate, seconds: 0.2, [{ _ in 0 }, nil, { _ in 0 }])
        let s = try #require(tap.snapshot())
        for port in s.ports {
            #expect(port.isFlat)
            #expect(port.peak == 0 && port.rms == 0 && port.heldPeak == 0)
            #expect(port.peakDecibels == -.infinity && port.rmsDecibels == -.infinity)
        }
    }

    @Test("after the music stops the trace goes flat at once and the held peak falls 20 dB/s after 1.5 s")
    func stopping() throws {
        let rate = 48_000
        let tap = ScopeTap.allocate(ports: 1, rate: rate)
        defer { tap.deallocate() }
        var at = feed(tap, rate: rate, seconds: 0.5, [sine(amplitude: 0.5, hertz: 1000, rate: rate)])
        at = feed(tap, rate: rate, seconds: 0.1, from: at, [{ _ in 0 }])
        var s = try #require(tap.snapshot())
        #expect(s.ports[0].isFlat && s.ports[0].peak == 0 && s.ports[0].rms == 0)
        #expect(abs(s.ports[0].heldPeakDecibels - -6.02) < 0.1)
        at = feed(tap, rate: rate, seconds: 1.4, from: at, [nil])  // 1.5 s since the last sound
        s = try #require(tap.snapshot())
        #expect(abs(s.ports[0].heldPeakDecibels - -6.02) < 0.3)
        _ = feed(tap, rate: rate, seconds: 1, from: at, [nil])
        s = try #require(tap.snapshot())
        #expect(abs(s.ports[0].heldPeakDecibels - -26.02) < 0.5, "\(s.ports[0].heldPeakDecibels)")
    }

    @Test("the trace is the newest columns, oldest first, each the minimum and maximum of its frames")
    func columns() throws {
        let tap = ScopeTap.allocate(ports: 1, rate: 48_000, columns: 4, framesPerColumn: 3, levelSeconds: 6.0 / 48_000)
        defer { tap.deallocate() }
        #expect(tap.levelColumns == 2)
        // Columns of 3 frames: [1, -2, 3]/10, [4, 5, 6]/10, [-7, -8, -9]/10, then a running one.
        let samples: [Float] = [1, -2, 3, 4, 5, 6, -7, -8, -9, 1].map { $0 / 10 }
        samples.withUnsafeBufferPointer { tap.process(frames: 7, $0.baseAddress!) }
        samples.withUnsafeBufferPointer { tap.process(frames: 3, $0.baseAddress! + 7) }
        let port = try #require(tap.snapshot()).ports[0]
        // The oldest slot has held no column yet: silence.
        #expect(port.minimums == [0, -0.2, 0.4, -0.9])
        #expect(port.maximums == [0, 0.3, 0.6, -0.7])
        #expect(port.peak == 0.9)  // the newest two finished columns
        let meanSquare = (16 + 25 + 36 + 49 + 64 + 81) / 100.0 / 6
        #expect(abs(Double(port.rms) - meanSquare.squareRoot()) < 1e-6)
        #expect(port.heldPeak == 0.9)
    }

    @Test("a reader copying snapshots while the writer runs never sees a torn snapshot")
    func noTearing() throws {
        // Every cycle fills the whole trace with one value, so a consistent snapshot has the same
        // value in every column of every port, as its peak and RMS, matching its frame count.
        let columns = 32, perColumn = 4, block = columns * perColumn, cycles = 20_000
        let tap = ScopeTap.allocate(ports: 3, rate: 48_000, columns: columns, framesPerColumn: perColumn,
                                    levelSeconds: Double(block) / 48_000)
        defer { tap.deallocate() }
        #expect(tap.levelColumns == columns)
        let step: Float = 1.0 / 131_072
        let shared = ReaderResult()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            var copies = 0, torn = 0, seen = Set<Int64>(), last: Int64 = 0
            shared.started.store(true, ordering: .releasing)
            while !shared.stop.load(ordering: .acquiring) {
                guard let s = tap.snapshot() else { continue }
                copies += 1
                seen.insert(s.frames)
                let v = Float(s.frames / Int64(block)) * step
                let consistent = s.frames % Int64(block) == 0 && s.frames >= last && s.ports.count == 3
                    && s.ports.enumerated().allSatisfy { p, port in
                        let w = v * Float(p + 1)
                        return port.minimums.allSatisfy { $0 == w } && port.maximums.allSatisfy { $0 == w }
                            && port.peak == w && port.heldPeak == w && abs(port.rms - w) <= w * 1e-5
                    }
                if !consistent { torn += 1 }
                last = s.frames
            }
            shared.copies = copies
            shared.distinct = seen.count
            shared.torn = torn
            done.signal()
        }
        reader.start()
        while !shared.started.load(ordering: .acquiring) { usleep(100) }
        let buffers = (0..<3).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: block) }
        defer { buffers.forEach { $0.deallocate() } }
        for k in 1...cycles {
            for p in 0..<3 { buffers[p].update(repeating: Float(k) * step * Float(p + 1), count: block) }
            tap.process(frames: block, buffers[0], buffers[1], buffers[2])
        }
        shared.stop.store(true, ordering: .releasing)
        done.wait()
        #expect(shared.torn == 0)
        #expect(shared.copies > 100, "the reader copied \(shared.copies) snapshots")
        #expect(shared.distinct > 10, "the reader saw \(shared.distinct) different snapshots")
        // The last one published is there for the next reader.
        #expect(tap.snapshot()?.frames == Int64(cycles * block))
    }

    @Test("the writer never waits for the reader: it overwrites snapshots nobody took")
    func writerOverwrites() throws {
        let tap = ScopeTap.allocate(ports: 1, rate: 48_000, columns: 8, framesPerColumn: 2)
        defer { tap.deallocate() }
        let ones = [Float](repeating: 0.25, count: 64)
        ones.withUnsafeBufferPointer { tap.process(frames: 64, $0.baseAddress!) }
        let held = try #require(tap.snapshot())  // the reader holds one buffer …
        #expect(held.frames == 64)
        for _ in 0..<10_000 { ones.withUnsafeBufferPointer { tap.process(frames: 16, $0.baseAddress!) } }
        // … the writer went round its other two 10 000 times, and the newest is what comes next.
        let next = try #require(tap.snapshot())
        #expect(next.frames == 64 + 160_000)
        #expect(next.ports[0].maximums == [Float](repeating: 0.25, count: 8))
        // Without a new cycle the reader gets the same snapshot again.
        #expect(tap.snapshot() == next)
    }

    @Test("the envelope draws ports over each other")
    func envelope() {
        let s = ScopeSnapshot(frames: 0, framesPerColumn: 1, ports: [
            .init(peak: 0, rms: 0, heldPeak: 0, minimums: [-0.5, 0], maximums: [0.1, 0.2]),
            .init(peak: 0, rms: 0, heldPeak: 0, minimums: [-0.1, -0.3], maximums: [0.4, 0]),
        ])
        #expect(s.envelope().minimums == [-0.5, -0.3] && s.envelope().maximums == [0.4, 0.2])
        #expect(s.envelope(of: [1]).minimums == [-0.1, -0.3])
    }
}

@Suite("The scope tap keeps the music's newest samples for the spectrum (--scope spectrum)")
struct ScopeTapMusicTests {
    @Test("the last 8 samples of (L + R) / 2, oldest first, across the ring's wrap; the click never in them; the rate with them")
    func musicSamples() throws {
        let tap = ScopeTap.allocate(ports: 3, rate: 48_000, columns: 4, framesPerColumn: 2, spectrumFrames: 8)
        defer { tap.deallocate() }
        // 21 frames in blocks of 5: frame i is i on the left, 100·i on the right, 1 on the click.
        _ = feed(tap, rate: 1000, seconds: 0.021, block: 5, [{ _ in 1 }, { Float($0) }, { Float(100 * $0) }])
        let snapshot = try #require(tap.snapshot())
        #expect(snapshot.music == (13...20).map { Float(101 * $0) / 2 })
        #expect(snapshot.rate == 48_000)
        let left = ScopeTap.allocate(ports: 2, rate: 44_100, columns: 4, framesPerColumn: 2, spectrumFrames: 4)
        defer { left.deallocate() }
        _ = feed(left, rate: 1000, seconds: 0.006, block: 4, [{ _ in 1 }, { Float($0) }])
        #expect(left.snapshot()?.music == [2, 3, 4, 5])
    }
}
