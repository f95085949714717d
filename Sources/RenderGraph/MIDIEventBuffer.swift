import MIDI

/// A fixed-size list of a cycle's MIDI events (JACK MIDI in, or MIDI clock out), in time order.
/// Allocated on the control thread; filled and read on the render thread (the backend fills the
/// input before `Renderer.process`, the renderer fills the output). A plain struct of pointers.
@frozen public struct MIDIEventBuffer: @unchecked Sendable {
    public let storage: UnsafeMutablePointer<MIDIEvent>
    public let capacity: Int
    @usableFromInline let counter: UnsafeMutablePointer<Int>

    /// Control thread.
    public static func allocate(capacity: Int) -> MIDIEventBuffer {
        let c = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        c.initialize(to: 0)
        return MIDIEventBuffer(storage: .allocate(capacity: capacity), capacity: capacity, counter: c)
    }

    @usableFromInline init(storage: UnsafeMutablePointer<MIDIEvent>, capacity: Int, counter: UnsafeMutablePointer<Int>) {
        self.storage = storage; self.capacity = capacity; self.counter = counter
    }

    /// Control thread, once no thread uses it.
    public func deallocate() { storage.deallocate(); counter.deallocate() }

    /// Events in the buffer.
    @inlinable public var count: Int { counter.pointee }

    @inlinable public subscript(i: Int) -> MIDIEvent { storage[i] }

    @inlinable public func removeAll() { counter.pointee = 0 }

    /// Appends `e`; false (and nothing stored) when full.
    @inlinable @discardableResult
    public func tryAppend(_ e: MIDIEvent) -> Bool {
        let n = counter.pointee
        guard n < capacity else { return false }
        storage[n] = e
        counter.pointee = n + 1
        return true
    }
}
