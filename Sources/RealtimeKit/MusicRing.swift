import Synchronization

/// A single-producer single-consumer ring of fixed-size blocks of three planar channels (click,
/// music left, music right): the player's worker writes ahead of the play head, the render
/// thread reads. Block k of the ring's whole life covers stream frames k·blockFrames ..<
/// (k+1)·blockFrames, so a position is one Int64. Neither side allocates, locks or waits.
/// A plain struct of pointers; the control thread allocates and frees it.
@frozen public struct MusicRing: @unchecked Sendable {
    public let blockFrames: Int
    public let capacity: Int
    @usableFromInline let headers: UnsafeMutablePointer<MusicBlockHeader>
    @usableFromInline let samples: UnsafeMutablePointer<Float>
    /// [0]: blocks released by the reader; [1]: blocks published by the writer.
    @usableFromInline let indices: UnsafeMutablePointer<Atomic<Int>>

    /// `capacity` blocks (a power of two) of `blockFrames` frames. Control thread.
    public static func allocate(blockFrames: Int = 256, capacity: Int = 64) -> MusicRing {
        var n = 2
        while n < capacity { n <<= 1 }
        let headers = UnsafeMutablePointer<MusicBlockHeader>.allocate(capacity: n)
        headers.initialize(repeating: MusicBlockHeader(), count: n)
        let samples = UnsafeMutablePointer<Float>.allocate(capacity: n * 3 * blockFrames)
        samples.initialize(repeating: 0, count: n * 3 * blockFrames)
        let indices = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 2)
        indices.initialize(to: Atomic(0))
        (indices + 1).initialize(to: Atomic(0))
        return MusicRing(blockFrames: blockFrames, capacity: n, headers: headers, samples: samples, indices: indices)
    }

    @usableFromInline init(blockFrames: Int, capacity: Int, headers: UnsafeMutablePointer<MusicBlockHeader>,
                           samples: UnsafeMutablePointer<Float>, indices: UnsafeMutablePointer<Atomic<Int>>) {
        self.blockFrames = blockFrames
        self.capacity = capacity
        self.headers = headers
        self.samples = samples
        self.indices = indices
    }

    /// Control thread, once neither side uses it.
    public func deallocate() {
        headers.deallocate()
        samples.deallocate()
        indices.deinitialize(count: 2)
        indices.deallocate()
    }

    // MARK: Writer (worker thread)

    /// The block the writer fills next (its absolute number), or nil while the ring is full.
    @inlinable public func nextWritable() -> Int? {
        let t = indices[1].load(ordering: .relaxed)
        let h = indices[0].load(ordering: .acquiring)
        return t - h < capacity ? t : nil
    }

    /// Channel `c` (0 click, 1 left, 2 right) of absolute block `k`.
    @inlinable public func channel(_ c: Int, ofBlock k: Int) -> UnsafeMutablePointer<Float> {
        samples + ((k & (capacity - 1)) * 3 + c) * blockFrames
    }

    /// Publishes block `k` (the one `nextWritable` gave) with its header.
    @inlinable public func publish(_ k: Int, header: MusicBlockHeader) {
        headers[k & (capacity - 1)] = header
        indices[1].store(k + 1, ordering: .releasing)
    }

    /// Blocks published so far (any thread).
    @inlinable public var published: Int { indices[1].load(ordering: .acquiring) }

    // MARK: Reader (render thread)

    /// The header of absolute block `k`, if published and not yet released.
    @inlinable public func header(ofBlock k: Int) -> MusicBlockHeader? {
        let t = indices[1].load(ordering: .acquiring)
        let h = indices[0].load(ordering: .relaxed)
        guard k >= h && k < t else { return nil }
        return headers[k & (capacity - 1)]
    }

    /// Releases every block before `k` to the writer.
    @inlinable public func release(upTo k: Int) {
        if k > indices[0].load(ordering: .relaxed) { indices[0].store(k, ordering: .releasing) }
    }

    /// Blocks released by the reader (any thread).
    @inlinable public var released: Int { indices[0].load(ordering: .acquiring) }
}
