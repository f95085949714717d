import MIDI

/// One MIDI message of 1…3 bytes as RtMidi delivered it. Any thread: a plain value, copied
/// from RtMidi's thread to the control thread through a `CommandRing`.
@frozen public struct RawMIDIEvent: Sendable, BitwiseCopyable, Equatable {
    /// The status byte (or a data byte, under running status).
    public var byte0: UInt8
    /// The second byte, 0 when `count` < 2.
    public var byte1: UInt8
    /// The third byte, 0 when `count` < 3.
    public var byte2: UInt8
    /// How many of the bytes are the message: 1…3.
    public var count: UInt8
    /// RtMidi's time stamp, in seconds: the time since the previous message on this port
    /// (0 for the first), as RtMidi measures it. Not a JACK frame time.
    public var timestamp: Double

    /// A message from `bytes[0..<count]`, `count` 1…3. Any thread: no allocation.
    @inlinable
    public init(_ bytes: UnsafePointer<UInt8>, count: Int, timestamp: Double) {
        precondition((1...3).contains(count), "a RawMIDIEvent holds 1…3 bytes")
        byte0 = bytes[0]
        byte1 = count > 1 ? bytes[1] : 0
        byte2 = count > 2 ? bytes[2] : 0
        self.count = UInt8(truncatingIfNeeded: count)
        self.timestamp = timestamp
    }

    /// A message of 1…3 bytes (for tests and the control thread: takes an array).
    public init(bytes: [UInt8], timestamp: Double = 0) {
        self = bytes.withUnsafeBufferPointer { RawMIDIEvent($0.baseAddress!, count: $0.count, timestamp: timestamp) }
    }

    /// The message's bytes (allocates: control thread).
    public var bytes: [UInt8] { Array([byte0, byte1, byte2].prefix(Int(count))) }

    /// The message decoded by `parser` (which keeps running status across calls), or nil
    /// for a message it skips.
    @inlinable
    public func message(using parser: inout MIDIParser) -> MIDIMessage? {
        var b = (byte0, byte1, byte2)
        let n = Int(count)
        return withUnsafeBytes(of: &b) { raw in
            parser.parse(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: n)
        }
    }
}
