import Synchronization

/// A bounded single-producer single-consumer queue of trivial values. One thread pushes
/// (`tryPush`), one other thread pops (`tryPop`); neither ever allocates, locks or waits.
///
/// A plain struct of pointers, so the render thread uses it without reference counting. The
/// owner creates it with `allocate` and frees it with `deallocate` once neither side uses it.
/// `tryPush` returns false when full, so the producer keeps the value and decides what to do
/// (as rust-jack's `send_command`).
@frozen public struct CommandRing<Element: BitwiseCopyable>: @unchecked Sendable {
    @usableFromInline let storage: UnsafeMutablePointer<Element>
    @usableFromInline let mask: Int
    /// [0]: next slot to read (written by the consumer); [1]: next slot to write (producer).
    @usableFromInline let indices: UnsafeMutablePointer<Atomic<Int>>

    /// Room for `capacity` values (rounded up to a power of two). Control thread.
    public static func allocate(capacity: Int) -> CommandRing {
        var n = 2
        while n < capacity { n <<= 1 }
        let indices = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: 2)
        indices.initialize(to: Atomic(0))
        (indices + 1).initialize(to: Atomic(0))
        return CommandRing(storage: .allocate(capacity: n), mask: n - 1, indices: indices)
    }

    @usableFromInline init(storage: UnsafeMutablePointer<Element>, mask: Int, indices: UnsafeMutablePointer<Atomic<Int>>) {
        self.storage = storage; self.mask = mask; self.indices = indices
    }

    /// Frees the ring. Control thread, after the consumer has stopped.
    public func deallocate() {
        storage.deallocate()
        indices.deinitialize(count: 2)
        indices.deallocate()
    }

    /// Producer side. False when the ring is full.
    @inlinable @inline(__always)
    public func tryPush(_ value: Element) -> Bool {
        let t = indices[1].load(ordering: .relaxed)
        let h = indices[0].load(ordering: .acquiring)
        guard t - h <= mask else { return false }
        (storage + (t & mask)).initialize(to: value)
        indices[1].store(t + 1, ordering: .releasing)
        return true
    }

    /// Consumer side. Nil when empty.
    @inlinable @inline(__always)
    public func tryPop() -> Element? {
        let h = indices[0].load(ordering: .relaxed)
        let t = indices[1].load(ordering: .acquiring)
        guard h != t else { return nil }
        let value = storage[h & mask]
        indices[0].store(h + 1, ordering: .releasing)
        return value
    }
}
