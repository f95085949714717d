/// One channel or real-time MIDI message, decoded. Any thread: a plain value.
@frozen public struct MIDIMessage: Sendable, BitwiseCopyable, Equatable {
    /// What kind of message it is.
    public enum Kind: UInt8, Sendable, BitwiseCopyable {
        case noteOff, noteOn, polyPressure, controlChange, programChange, channelPressure, pitchBend
        case clock, start, `continue`, stop, songPosition, other
    }
    public var kind: Kind
    /// 1…16 for channel messages, 0 for system messages.
    public var channel: UInt8
    /// Note, controller or program number (or the low 7 bits of a 14-bit value).
    public var data1: UInt8
    /// Velocity or controller value (or the high 7 bits of a 14-bit value).
    public var data2: UInt8

    @inlinable public init(kind: Kind, channel: UInt8, data1: UInt8, data2: UInt8) {
        self.kind = kind; self.channel = channel; self.data1 = data1; self.data2 = data2
    }

    /// A note-on with velocity 0 is a note-off (as the MIDI standard says).
    @inlinable public var isNoteRelease: Bool { kind == .noteOff || (kind == .noteOn && data2 == 0) }
}

extension MIDIMessage {
    /// "ch 1 note-on 62 vel 100", "ch 1 CC 64 = 127", "ch 1 program 3", "clock".
    public var text: String {
        switch kind {
        case .noteOn: "ch \(channel) note-on \(data1) vel \(data2)"
        case .noteOff: "ch \(channel) note-off \(data1) vel \(data2)"
        case .controlChange: "ch \(channel) CC \(data1) = \(data2)"
        case .programChange: "ch \(channel) program \(data1)"
        case .polyPressure: "ch \(channel) aftertouch \(data1) = \(data2)"
        case .channelPressure: "ch \(channel) pressure \(data1)"
        case .pitchBend: "ch \(channel) pitch bend \(Int(data2) << 7 | Int(data1))"
        case .clock: "clock"
        case .start: "start"
        case .continue: "continue"
        case .stop: "stop"
        case .songPosition: "song position \(Int(data2) << 7 | Int(data1))"
        case .other: "other"
        }
    }
}
