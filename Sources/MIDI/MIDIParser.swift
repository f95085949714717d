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
