/// One MIDI event of a cycle: up to three bytes at a frame offset in the cycle. Any thread.
@frozen public struct MIDIEvent: Sendable, BitwiseCopyable, Equatable {
    public var offset: Int32
    public var count: UInt8
    public var b0: UInt8, b1: UInt8, b2: UInt8

    @inlinable public init(offset: Int32, count: UInt8, b0: UInt8, b1: UInt8 = 0, b2: UInt8 = 0) {
        self.offset = offset; self.count = count; self.b0 = b0; self.b1 = b1; self.b2 = b2
    }
}
