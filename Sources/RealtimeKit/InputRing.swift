import Synchronization

/// A single-producer single-consumer ring of input frames: each frame is a sample and a mark
/// (which turn of the program it belongs to; 0: none). The render thread writes each cycle's
/// input (`tryWrite`), a worker reads it behind (`read`). Neither side allocates, locks or waits; a
/// cycle that does not fit is dropped whole and counted (`droppedFrames`), so the reader knows
/// its stream has a hole.
/// A plain struct of pointers; the control thread allocates and frees it.
@frozen public struct InputRing: @unchecked Sendable {
    public let capacity: Int
    @usableFromInline let samples: UnsafeMutablePointer<Float>
    @usableFromInline let marks: UnsafeMutablePointer<UInt32>
    /// [0]: frames read (consumer); [1]: frames written (producer); [2]: frames dropped (producer).
    @usableFromInline let counts: UnsafeMutablePointer<Atomic<Int>>

    /// Room for `capacity` frames (rounded up to a power of two). Control thread.
    public static func allocate(capacity: Int) -> InputRing {
        var n = 2
        while n < capacity { n <<= 1 }
        let samples = UnsafeMutablePointer<Float>.allocate(capacity: n)
        samples.initialize(repeating: 0, count: n)
        let marks = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        marks.initialize(repeating: 0, count: n)
        let counts = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 3)
        for i in 0..<3 { (counts + i).initialize(to: Atomic(0)) }
        return InputRing(capacity: n, samples: samples, marks: marks, counts: counts)
    }

    @usableFromInline init(capacity: Int, samples: UnsafeMutablePointer<Float>, marks: UnsafeMutablePointer<UInt32>,
                           counts: UnsafeMutablePointer<Atomic<Int>>) {
        self.capacity = capacity
        self.samples = samples
        self.marks = marks
        self.counts = counts
    }

    /// Control thread, once neither side uses it.
    public func deallocate() {
        samples.deallocate()
        marks.deallocate()
        counts.deinitialize(count: 3)
        counts.deallocate()
    }

    /// Producer (render thread): appends `count` frames, their marks from `marks` (nil: 0).
    /// All or nothing: false when they do not fit (then they are counted as dropped).
    @inlinable @inline(__always)
    public func tryWrite(_ input: UnsafePointer<Float>, marks frameMarks: UnsafePointer<UInt32>?, count: Int) -> Bool {
        let t = counts[1].load(ordering: .relaxed)
        let h = counts[0].load(ordering: .acquiring)
        guard capacity - (t - h) >= count else {
            counts[2].add(count, ordering: .relaxed)
            return false
        }
        let mask = capacity - 1
        var i = 0
        while i < count {
            let k = (t + i) & mask
            samples[k] = input[i]
            marks[k] = frameMarks?[i] ?? 0
            i += 1
        }
        counts[1].store(t + count, ordering: .releasing)
        return true
    }

    /// Consumer (worker): copies up to `max` frames into `into` and `marks`; returns how many.
    @inlinable
    public func read(into out: UnsafeMutablePointer<Float>, marks outMarks: UnsafeMutablePointer<UInt32>, max: Int) -> Int {
        let h = counts[0].load(ordering: .relaxed)
        let t = counts[1].load(ordering: .acquiring)
        let n = Swift.min(t - h, max)
        let mask = capacity - 1
        var i = 0
        while i < n {
            let k = (h + i) & mask
            out[i] = samples[k]
            outMarks[i] = marks[k]
            i += 1
        }
        counts[0].store(h + n, ordering: .releasing)
        return n
    }

    /// Frames written so far (any thread).
    @inlinable public var written: Int { counts[1].load(ordering: .acquiring) }
    /// Frames read so far (any thread).
    @inlinable public var consumed: Int { counts[0].load(ordering: .acquiring) }
    /// Frames dropped because the reader was behind (any thread).
    @inlinable public var droppedFrames: Int { counts[2].load(ordering: .relaxed) }
}
