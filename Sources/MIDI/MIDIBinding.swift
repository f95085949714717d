/// One mapping of a map file, compiled for the render thread: which message, which values count
/// as a press, and the action with its argument. Built on the control thread from a `MIDIMap`
/// (Persistence); a plain value, so the render thread copies it without reference counting.
@frozen public struct MIDIBinding: Sendable, BitwiseCopyable, Equatable {
    /// The kind of message a binding listens to.
    public enum Message: UInt8, Sendable, BitwiseCopyable {
        case note, controlChange, programChange
    }
    public var message: Message
    /// 1…16, or 0 for any channel.
    public var channel: UInt8
    /// Note or controller number, 0…127; for program changes also −1 (any program).
    public var number: Int16
    /// Values (velocity, controller value) from `low` to `high` count as pressed; others as
    /// released. A press fires once; the next press needs a release first.
    public var low: UInt8
    public var high: UInt8
    public var action: MIDIAction
    /// The action's argument: thousandths of a BPM (tempo actions; for tempo-cc the minimum),
    /// a count or percent; −1 when absent.
    public var argument: Int64
    /// tempo-cc only: the maximum tempo in thousandths of a BPM.
    public var argument2: Int64
    /// Position of the mapping in its file (names and strings stay on the control thread).
    public var index: Int32

    @inlinable public init(message: Message, channel: UInt8 = 0, number: Int16, low: UInt8 = 64, high: UInt8 = 127,
                           action: MIDIAction, argument: Int64 = -1, argument2: Int64 = -1, index: Int32 = 0) {
        self.message = message; self.channel = channel; self.number = number
        self.low = low; self.high = high; self.action = action
        self.argument = argument; self.argument2 = argument2; self.index = index
    }

    /// True when `m` is addressed to this binding (kind, channel, number), pressed or not.
    @inlinable public func listens(to m: MIDIMessage) -> Bool {
        if channel != 0 && channel != m.channel { return false }
        switch message {
        case .note:
            return (m.kind == .noteOn || m.kind == .noteOff) && Int16(m.data1) == number
        case .controlChange:
            return m.kind == .controlChange && Int16(m.data1) == number
        case .programChange:
            return m.kind == .programChange && (number < 0 || Int16(m.data1) == number)
        }
    }

    /// True for bindings that fire on every value (tempo from a controller, program changes)
    /// rather than on the edge from released to pressed.
    @inlinable public var isContinuous: Bool { action == .tempoCC || message == .programChange }
}
