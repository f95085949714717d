import Synchronization

/// Counts kept by the render thread for the control thread and for tests (`woodshed click`
/// prints them at exit): written with relaxed atomics on the render thread, read anywhere.
/// A plain struct of pointers (no reference counting on the render thread); the renderer
/// allocates and frees it.
@frozen public struct RenderCounters: @unchecked Sendable {
    /// Which count.
    public enum Kind: Int, CaseIterable, Sendable {
        /// JACK MIDI messages decoded.
        case midiMessages
        /// JACK MIDI events that were not a message (SysEx, incomplete, stray data bytes).
        case midiIgnored
        /// Mappings that fired.
        case midiActions
        /// Notices dropped because the notice ring was full.
        case droppedNotices
        /// MIDI input events beyond the per-cycle buffer (dropped by the backend).
        case droppedMIDIEvents
    }
    @usableFromInline let slots: UnsafeMutablePointer<Atomic<Int>>

    /// Control thread.
    public static func allocate() -> RenderCounters {
        let p = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: Kind.allCases.count)
        for i in 0..<Kind.allCases.count { (p + i).initialize(to: Atomic(0)) }
        return RenderCounters(slots: p)
    }

    @usableFromInline init(slots: UnsafeMutablePointer<Atomic<Int>>) { self.slots = slots }

    /// Control thread, once no thread uses it.
    public func deallocate() {
        slots.deinitialize(count: Kind.allCases.count)
        slots.deallocate()
    }

    /// Adds one (render thread).
    @inlinable @inline(__always)
    public func increment(_ k: Kind) { slots[k.rawValue].add(1, ordering: .relaxed) }

    /// The count now (any thread).
    public subscript(_ k: Kind) -> Int { slots[k.rawValue].load(ordering: .relaxed) }
}
