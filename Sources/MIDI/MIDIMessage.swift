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

/// Decodes raw MIDI messages, one event at a time (as JACK and RtMidi deliver them), keeping the
/// running status of the stream. SysEx and unknown bytes are skipped. Owned by one thread (the
/// render thread for JACK MIDI in, the control thread for RtMidi).
@frozen public struct MIDIParser: Sendable {
    @usableFromInline var runningStatus: UInt8 = 0

    public init() {}

    /// The message in `bytes[0..<count]`, or nil (SysEx, an incomplete or unknown message).
    /// A message without a status byte uses the running status of the channel messages before it.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @inlinable
    public mutating func parse(_ bytes: UnsafePointer<UInt8>, count: Int) -> MIDIMessage? {
        guard count > 0 else { return nil }
        var status = bytes[0]
        var data = 1
        if status < 0x80 {
            guard runningStatus != 0 else { return nil }
            status = runningStatus
            data = 0
        }
        if status >= 0xF8 {  // real-time: may appear anywhere, does not change running status
            switch status {
            case 0xF8: return MIDIMessage(kind: .clock, channel: 0, data1: 0, data2: 0)
            case 0xFA: return MIDIMessage(kind: .start, channel: 0, data1: 0, data2: 0)
            case 0xFB: return MIDIMessage(kind: .continue, channel: 0, data1: 0, data2: 0)
            case 0xFC: return MIDIMessage(kind: .stop, channel: 0, data1: 0, data2: 0)
            default: return nil
            }
        }
        if status >= 0xF0 {
            runningStatus = 0  // SysEx and system common messages cancel running status
            if status == 0xF2 && count >= 3 {
                return MIDIMessage(kind: .songPosition, channel: 0, data1: bytes[1] & 0x7F, data2: bytes[2] & 0x7F)
            }
            return nil
        }
        runningStatus = status
        let kind: MIDIMessage.Kind
        var needs = 2
        switch status >> 4 {
        case 0x8: kind = .noteOff
        case 0x9: kind = .noteOn
        case 0xA: kind = .polyPressure
        case 0xB: kind = .controlChange
        case 0xC: kind = .programChange; needs = 1
        case 0xD: kind = .channelPressure; needs = 1
        default: kind = .pitchBend
        }
        guard count - data >= needs else { return nil }
        let d1 = bytes[data]
        let d2: UInt8 = needs == 2 ? bytes[data + 1] : 0
        guard d1 < 0x80, d2 < 0x80 else { return nil }
        return MIDIMessage(kind: kind, channel: (status & 0x0F) + 1, data1: d1, data2: d2)
    }
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
