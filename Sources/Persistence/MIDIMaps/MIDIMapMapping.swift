import MIDI

extension MIDIMap {
    /// One mapping of a MIDI map: a message, when it counts as pressed, and the action it
    /// fires. Any thread.
    public struct Mapping: Sendable, Equatable, CustomStringConvertible {
        public var message: MIDIBinding.Message
        /// 1…16; nil: any channel.
        public var channel: Int?
        /// Note or controller number 0…127 (required); for program changes nil is any program.
        public var number: Int?
        /// When a note or controller counts as pressed; nil for program changes and tempo-cc,
        /// which fire on every message.
        public var press: Press?
        public var action: MIDIAction
        public var argument: Argument
        /// The mapping's comment fields (`_…`, `comment…`), each as text.
        public var comments: [String: String]

        /// `press` nil: the default (threshold 64 for `cc`, velocity 1 for notes; none for
        /// program changes and tempo-cc). `argument` nil: the action's default.
        public init(message: MIDIBinding.Message, channel: Int? = nil, number: Int?, press: Press? = nil,
                    action: MIDIAction, argument: Argument? = nil, comments: [String: String] = [:]) {
            self.message = message
            self.channel = channel
            self.number = number
            self.press = press ?? Mapping.defaultPress(message, action)
            self.action = action
            self.argument = argument ?? Argument.default(for: action)
            self.comments = comments
        }

        static func defaultPress(_ message: MIDIBinding.Message, _ action: MIDIAction) -> Press? {
            switch message {
            case .note: .threshold(1)
            case .controlChange: action == .tempoCC ? nil : .threshold(64)
            case .programChange: nil
            }
        }

        /// True when both mappings listen to the same messages: same kind and number, and
        /// channels that overlap (any channel overlaps every channel). MIDI learn keeps one.
        public func listensToSameMessages(as other: Mapping) -> Bool {
            message == other.message && number == other.number
                && (channel == nil || other.channel == nil || channel == other.channel)
        }

        /// Compiled for the render thread.
        func binding(index: Int) -> MIDIBinding {
            let (low, high): (Int, Int) = switch press {
            case .threshold(let n): (n, 127)
            case .values(let range): (range.lowerBound, range.upperBound)
            case nil: (0, 127)
            }
            let (argument, argument2): (Int64, Int64) = switch self.argument {
            case .none, .name: (-1, -1)
            case .bpm(let milli): (milli, -1)
            case .bpmRange(let min, let max): (min, max)
            case .count(let n): (n, -1)
            }
            return MIDIBinding(message: message, channel: UInt8(channel ?? 0), number: Int16(number ?? -1),
                               low: UInt8(low), high: UInt8(high), action: action,
                               argument: argument, argument2: argument2, index: Int32(index))
        }

        /// `note 62 (any channel) → tempo-up 1`, `cc 64 value ≥ 100 (channel 1) → tap`,
        /// `program any (any channel) → setlist-song`.
        public var description: String {
            var text = "\(message.fileName) " + (number.map(String.init) ?? "any")
            if let press, press != Mapping.defaultPress(message, action) {
                switch press {
                case .threshold(let n): text += " value ≥ \(n)"
                case .values(let r): text += " value \(r.lowerBound)…\(r.upperBound)"
                }
            }
            text += channel.map { " (channel \($0))" } ?? " (any channel)"
            text += " → \(action.name)"
            switch argument {
            case .none: break
            case .bpm(let milli): text += " " + formatThousandths(milli)
            case .bpmRange(let min, let max): text += " \(formatThousandths(min))…\(formatThousandths(max))"
            case .count(let n): text += " \(n)"
            case .name(let name): text += " \(name)"
            }
            return text
        }
    }

    /// When a note or controller counts as pressed. Any thread.
    public enum Press: Sendable, Equatable {
        /// Pressed while the value (velocity, controller value) is at least this, 1…127.
        case threshold(Int)
        /// Pressed while the value is within the range, 0…127.
        case values(ClosedRange<Int>)
    }

    /// A mapping's argument, checked against `MIDIAction.argument`. Any thread.
    public enum Argument: Sendable, Equatable {
        /// The action takes none, or an optional count was left out.
        case none
        /// A tempo or tempo step in thousandths of a BPM.
        case bpm(Int64)
        /// tempo-cc: min and max in thousandths of a BPM.
        case bpmRange(Int64, Int64)
        /// A count or percent.
        case count(Int64)
        /// A preset name.
        case name(String)

        /// What an action does without an argument in the file (`.none` where one is required).
        public static func `default`(for action: MIDIAction) -> Argument {
            switch action.argument {
            case .bpm(let milli): milli.map(Argument.bpm) ?? .none
            case .bpmRange(let range): .bpmRange(range.0, range.1)
            case .count(let n, _): .count(n)
            case .none, .optionalCount, .name: .none
            }
        }
    }
}

extension MIDIBinding.Message {
    /// The name in map files: `note`, `cc`, `program`.
    public var fileName: String {
        switch self {
        case .note: "note"
        case .controlChange: "cc"
        case .programChange: "program"
        }
    }

    /// The message called `name` in map files, or nil.
    public init?(fileName: String) {
        switch fileName {
        case "note": self = .note
        case "cc": self = .controlChange
        case "program": self = .programChange
        default: return nil
        }
    }
}
