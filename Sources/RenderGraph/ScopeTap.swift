#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The oscilloscope and level meters of up to three output ports (click, music left, music
/// right). `process` runs on the render thread, once per cycle after the ports are written;
/// `snapshot()` runs on one display thread at a time; `allocate` and `deallocate` run on the
/// control thread, like `MusicDeck`. A plain struct of pointers: nothing in it is reference
/// counted.
///
/// - The render thread folds the samples into columns of `framesPerColumn` frames (minimum,
///   maximum and sum of squares per port) and keeps the last `columns` of them in a ring: by
///   default 256 columns over about 50 ms, the width of an oscilloscope trace.
/// - Levels are worked out from the newest `levelColumns` columns (about 1/30 s): the peak
///   |sample| and the mean square. The held peak stays for `peakHoldSeconds`, then falls at
///   `peakFallDecibelsPerSecond`, never below the current peak.
/// - Every cycle ends by publishing a snapshot through a triple buffer: the writer fills the
///   one buffer nobody else holds, then swaps it into the middle slot with one atomic exchange
///   (release); the reader swaps the middle slot with the buffer it holds (acquire) when the
///   middle one is newer. Each side only ever touches the buffer it holds, so a snapshot can
///   never be torn, the writer never waits, never retries and just overwrites a snapshot nobody
///   took, and the reader never waits either.
/// - The newest `spectrumFrames` samples of the music (the mean of ports 1 and 2, or port 1
///   alone; never the click) are kept in a ring and published with each snapshot, oldest
///   first: `--scope spectrum` works out the spectrum from them on the display thread.
/// - Nothing is measured while `process` is not called: a silent output is flat, a stopped
///   callback leaves the last snapshot (its `frames` no longer moves).
public struct ScopeTap: @unchecked Sendable {
    /// The most ports one tap follows.
    public static let maxPorts = 3

    /// Ports followed (1…3).
    public let ports: Int
    /// Columns of the waveform.
    public let columns: Int
    /// Frames folded into one column.
    public let framesPerColumn: Int
    /// Columns (the newest) that the peak and RMS are taken over.
    public let levelColumns: Int
    /// Samples of the music kept for the spectrum (0: none).
    public let spectrumFrames: Int
    /// Frames per second (for the spectrum's frequencies).
    public let rate: Int
    /// Finished columns the held peak stays before it falls.
    let holdColumns: Int
    /// The held peak's factor per finished column once it falls.
    let fallPerColumn: Float

    /// Render-thread state.
    struct State {
        /// The ring slot the next finished column goes to (also the oldest column).
        var column = 0
        /// Frames already folded into the running column.
        var inColumn = 0
        /// Frames seen since the start.
        var frames: Int64 = 0
        /// The published buffer the writer holds.
        var back = 0
        /// The spectrum ring's slot for the next sample (also the oldest sample).
        var sample = 0
    }

    /// Reader-side state (one display thread at a time).
    struct ReaderState {
        /// The published buffer the reader holds.
        var front = 2
        /// True once the reader has taken a published buffer.
        var hasData = false
    }

    /// Bit set in `middle` when the writer has put a buffer there that the reader has not taken.
    static let fresh = 4

    let state: UnsafeMutablePointer<State>
    /// Render thread: per port, the running column's minimum, maximum and sum of squares.
    let running: UnsafeMutablePointer<Float>
    /// Render thread: per port, the held peak and the finished columns since it was set.
    let held: UnsafeMutablePointer<Float>
    let heldAge: UnsafeMutablePointer<Int>
    /// Render thread: the last `columns` finished columns, a ring per port, in three planes
    /// (minimums, maximums, sums of squares), each `ports × columns`.
    let history: UnsafeMutablePointer<Float>
    /// Render thread: the last `spectrumFrames` samples of the music, a ring.
    let music: UnsafeMutablePointer<Float>
    /// Three published buffers of `stride` floats; per port: peak, mean square, held peak,
    /// `columns` minimums and `columns` maximums, oldest column first.
    let published: UnsafeMutablePointer<Float>
    /// The frame count each published buffer was made at.
    let publishedFrames: UnsafeMutablePointer<Int64>
    /// The buffer in the middle slot, with `fresh` when the writer put it there.
    let middle: UnsafeMutablePointer<Atomic<Int>>
    let reader: UnsafeMutablePointer<ReaderState>

    /// Floats of one port in a published buffer.
    var portStride: Int { 3 + 2 * columns }
    /// Floats of one published buffer: the ports, then the music's `spectrumFrames` samples.
    var stride: Int { ports * portStride + spectrumFrames }

    /// Control thread. `rate`: frames per second. `framesPerColumn`: nil spreads `columns`
    /// over about 50 ms. `levelSeconds`: the span the peak and RMS are measured over.
    public static func allocate(ports: Int, rate: Int, columns: Int = 256, framesPerColumn: Int? = nil,
                                levelSeconds: Double = 1.0 / 30, peakHoldSeconds: Double = 1.5,
                                peakFallDecibelsPerSecond: Double = 20, spectrumFrames: Int = 2048) -> ScopeTap {
        precondition((1...maxPorts).contains(ports), "a scope taps 1 to \(maxPorts) ports")
        precondition(columns >= 1 && rate >= 1)
        let perColumn = max(1, framesPerColumn ?? Int((Double(rate) * 0.05 / Double(columns)).rounded()))
        let levelColumns = min(columns, max(1, Int((levelSeconds * Double(rate) / Double(perColumn)).rounded())))
        let secondsPerColumn = Double(perColumn) / Double(rate)
        let holdColumns = max(0, Int((peakHoldSeconds / secondsPerColumn).rounded()))
        let fallDecibels = max(0, peakFallDecibelsPerSecond) * secondsPerColumn
        let fall = Float(pow(10, -fallDecibels / 20))

        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        let running = UnsafeMutablePointer<Float>.allocate(capacity: 3 * ports)
        for p in 0..<ports {
            running[3 * p] = .infinity
            running[3 * p + 1] = -.infinity
            running[3 * p + 2] = 0
        }
        let held = UnsafeMutablePointer<Float>.allocate(capacity: ports)
        held.initialize(repeating: 0, count: ports)
        let heldAge = UnsafeMutablePointer<Int>.allocate(capacity: ports)
        heldAge.initialize(repeating: 0, count: ports)
        let history = UnsafeMutablePointer<Float>.allocate(capacity: 3 * ports * columns)
        history.initialize(repeating: 0, count: 3 * ports * columns)
        let music = UnsafeMutablePointer<Float>.allocate(capacity: max(1, spectrumFrames))
        music.initialize(repeating: 0, count: max(1, spectrumFrames))
        let stride = ports * (3 + 2 * columns) + max(0, spectrumFrames)
        let published = UnsafeMutablePointer<Float>.allocate(capacity: 3 * stride)
        published.initialize(repeating: 0, count: 3 * stride)
        let publishedFrames = UnsafeMutablePointer<Int64>.allocate(capacity: 3)
        publishedFrames.initialize(repeating: 0, count: 3)
        let middle = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 1)
        middle.initialize(to: Atomic(1))
        let reader = UnsafeMutablePointer<ReaderState>.allocate(capacity: 1)
        reader.initialize(to: ReaderState())
        return ScopeTap(ports: ports, columns: columns, framesPerColumn: perColumn, levelColumns: levelColumns,
                        spectrumFrames: max(0, spectrumFrames), rate: rate, holdColumns: holdColumns, fallPerColumn: fall, state: state, running: running, held: held,
                        heldAge: heldAge, history: history, music: music, published: published, publishedFrames: publishedFrames,
                        middle: middle, reader: reader)
    }

    /// Control thread, once neither the render thread nor a reader uses the tap.
    public func deallocate() {
        state.deallocate()
        running.deallocate()
        held.deallocate()
        heldAge.deallocate()
        history.deallocate()
        music.deallocate()
        published.deallocate()
        publishedFrames.deallocate()
        middle.deinitialize(count: 1)
        middle.deallocate()
        reader.deallocate()
    }

    /// Folds the cycle's `frames` frames of each port into the scope and publishes a snapshot.
    /// Port `i` is the `i`-th buffer; a nil buffer (or a port beyond `ports`, ignored) counts
    /// as silence. Render thread: no allocation, lock, wait or system call.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, _ port0: UnsafePointer<Float>?, _ port1: UnsafePointer<Float>? = nil,
                        _ port2: UnsafePointer<Float>? = nil) {
        var s = state.pointee
        if spectrumFrames > 0 {
            let left = ports > 1 ? port1 : nil, right = ports > 2 ? port2 : nil
            var i = 0
            while i < frames {
                var v: Float = 0
                if let left { v = left[i] }
                if let right { v = (v + right[i]) * 0.5 }
                music[s.sample] = v
                s.sample = s.sample + 1 == spectrumFrames ? 0 : s.sample + 1
                i += 1
            }
        }
        let perColumn = framesPerColumn
        var done = 0
        while done < frames {
            let room = perColumn - s.inColumn
            let n = room < frames - done ? room : frames - done
            var p = 0
            while p < ports {
                let source = p == 0 ? port0 : (p == 1 ? port1 : port2)
                let acc = running + 3 * p
                var lo = acc[0], hi = acc[1], squares = acc[2]
                if let source {
                    let x = source + done
                    var i = 0
                    while i < n {
                        let v = x[i]
                        if v < lo { lo = v }
                        if v > hi { hi = v }
                        squares += v * v
                        i += 1
                    }
                } else {
                    if lo > 0 { lo = 0 }
                    if hi < 0 { hi = 0 }
                }
                acc[0] = lo
                acc[1] = hi
                acc[2] = squares
                p += 1
            }
            s.inColumn += n
            done += n
            if s.inColumn == perColumn { finishColumn(&s) }
        }
        if frames > 0 { s.frames += Int64(frames) }
        publish(&s)
        state.pointee = s
    }

    /// Moves the running column into the ring and updates the held peaks. Render thread.
    @inline(__always)
    private func finishColumn(_ s: inout State) {
        let planeSize = ports * columns
        var p = 0
        while p < ports {
            let acc = running + 3 * p
            let lo = acc[0], hi = acc[1]
            let slot = p * columns + s.column
            history[slot] = lo
            history[planeSize + slot] = hi
            history[2 * planeSize + slot] = acc[2]
            let a = lo < 0 ? -lo : lo, b = hi < 0 ? -hi : hi
            let peak = a > b ? a : b
            var h = held[p]
            if peak >= h {
                h = peak
                heldAge[p] = 0
            } else if heldAge[p] >= holdColumns {
                h *= fallPerColumn
                if h < peak { h = peak }
                if h < 1e-7 { h = 0 }  // below −140 dBFS: silence (and no denormals)
            } else {
                heldAge[p] += 1
            }
            held[p] = h
            acc[0] = .infinity
            acc[1] = -.infinity
            acc[2] = 0
            p += 1
        }
        s.column = s.column + 1 == columns ? 0 : s.column + 1
        s.inColumn = 0
    }

    /// Writes the levels and the waveform into the buffer the writer holds, then swaps it into
    /// the middle slot and takes the one that was there. Render thread.
    @inline(__always)
    private func publish(_ s: inout State) {
        let planeSize = ports * columns
        let out = published + s.back * stride
        publishedFrames[s.back] = s.frames
        let first = s.column, count = columns
        var p = 0
        while p < ports {
            let o = out + p * portStride
            let minimums = history + p * count
            let maximums = minimums + planeSize
            let squares = maximums + planeSize
            var peak: Float = 0, sum: Float = 0
            var k = 0, i = first
            while k < levelColumns {
                i = i == 0 ? count - 1 : i - 1
                let lo = minimums[i] < 0 ? -minimums[i] : minimums[i]
                let hi = maximums[i] < 0 ? -maximums[i] : maximums[i]
                if lo > peak { peak = lo }
                if hi > peak { peak = hi }
                sum += squares[i]
                k += 1
            }
            o[0] = peak
            o[1] = sum / Float(levelColumns * framesPerColumn)
            o[2] = held[p] > peak ? held[p] : peak
            // Oldest column first: the ring from `first` to its end, then from its start.
            // (A plain loop: `update(from:count:)` is opaque to the compile-time check.)
            var c = 0, j = first
            while c < count {
                o[3 + c] = minimums[j]
                o[3 + count + c] = maximums[j]
                c += 1
                j = j + 1 == count ? 0 : j + 1
            }
            p += 1
        }
        let samples = out + ports * portStride
        var k = 0, j = s.sample
        while k < spectrumFrames {
            samples[k] = music[j]
            k += 1
            j = j + 1 == spectrumFrames ? 0 : j + 1
        }
        let previous = middle[0].exchange(s.back | ScopeTap.fresh, ordering: .acquiringAndReleasing)
        s.back = previous & 3
    }

    /// The newest published snapshot, or nil before the first cycle. Never waits: it swaps
    /// buffers with one atomic exchange, then copies the one it holds. One thread at a time
    /// (the display thread); allocates the returned arrays.
    public func snapshot() -> ScopeSnapshot? {
        var r = reader.pointee
        if middle[0].load(ordering: .relaxed) & ScopeTap.fresh != 0 {
            let previous = middle[0].exchange(r.front, ordering: .acquiringAndReleasing)
            r.front = previous & 3
            r.hasData = true
            reader.pointee = r
        }
        guard r.hasData else { return nil }
        let buffer = published + r.front * stride
        var list: [ScopeSnapshot.Port] = []
        list.reserveCapacity(ports)
        for p in 0..<ports {
            let o = buffer + p * portStride
            list.append(ScopeSnapshot.Port(
                peak: o[0], rms: o[1].squareRoot(), heldPeak: o[2],
                minimums: Array(UnsafeBufferPointer(start: o + 3, count: columns)),
                maximums: Array(UnsafeBufferPointer(start: o + 3 + columns, count: columns))))
        }
        return ScopeSnapshot(frames: publishedFrames[r.front], framesPerColumn: framesPerColumn, ports: list,
                             music: Array(UnsafeBufferPointer(start: buffer + ports * portStride, count: spectrumFrames)), rate: rate)
    }
}
