import Foundation
import MIDI
import Persistence
import WoodshedCore

/// What `woodshed midi learn ACTION [ARGUMENT]` captures: the action and its argument, which
/// MIDI messages count as the press to learn, and the mapping saved for one. Any thread.
public struct MIDILearning: Sendable {
    public let action: MIDIAction
    public let argument: MIDIMap.Argument?

    /// The action called `name` and `argument` (the user's text) read as it takes it, or a
    /// one-line error.
    public init(name: String, argument: String?) throws {
        guard let action = MIDIAction(name: name) else {
            throw ValidationErrorMessage("unknown action '\(name)' (known: \(MIDIAction.allCases.map(\.name).joined(separator: ", ")))")
        }
        self.action = action
        self.argument = try Self.parsed(argument, for: action, name: name)
    }

    /// Presses only: a note-on, a CC (any value for tempo-cc, a press ≥ 64 otherwise), a program change.
    public func learnable(_ m: MIDIMessage) -> Bool {
        switch m.kind {
        case .noteOn: return m.data2 > 0 && action != .tempoCC
        case .controlChange: return action == .tempoCC || m.data2 >= 64
        case .programChange: return action != .tempoCC
        default: return false
        }
    }

    /// The mapping of `m`'s kind and number (any channel) to the action.
    public func mapping(for m: MIDIMessage) -> MIDIMap.Mapping {
        let kind: MIDIBinding.Message = m.kind == .noteOn ? .note : m.kind == .controlChange ? .controlChange : .programChange
        return MIDIMap.Mapping(message: kind, channel: nil, number: Int(m.data1), action: action, argument: argument)
    }

    static func parsed(_ argument: String?, for act: MIDIAction, name action: String) throws -> MIDIMap.Argument? {
        guard let argument else {
            if case .name = act.argument { throw ValidationErrorMessage("\(action) needs an argument (a preset name)") }
            if case .bpm(nil) = act.argument { throw ValidationErrorMessage("\(action) needs an argument (a tempo in BPM)") }
            return nil
        }
        func bpm(_ t: String) throws -> Int64 {
            do { return try Tempo(parsing: t).milliBPM } catch { throw ValidationErrorMessage("\(action): '\(t)' is not a tempo in BPM") }
        }
        switch act.argument {
        case .none: throw ValidationErrorMessage("\(action) takes no argument")
        case .bpm: return .bpm(try bpm(argument))
        case .bpmRange:
            let parts = argument.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { throw ValidationErrorMessage("\(action) takes MIN,MAX in BPM, e.g. 40,240") }
            return .bpmRange(try bpm(parts[0]), try bpm(parts[1]))
        case .count(_, let range), .optionalCount(let range):
            guard let n = Int64(argument), range.contains(n) else {
                throw ValidationErrorMessage("\(action) takes a whole number \(range.lowerBound)…\(range.upperBound)")
            }
            return .count(n)
        case .name: return .name(argument)
        }
    }
}
