import Control
import Engine
import MIDI
import WoodshedCore

/// A command from a remote controller: an action of the one vocabulary, and, for the actions
/// of the MIDI map's table, that action with its argument (the rehearsal player takes its
/// own, as it does a pedal's). Any thread: a plain value.
public struct OSCCommand: Equatable, Sendable {
    public var action: Action
    /// The MIDI map's action of the same name, with its argument (the map's default when the
    /// message gave none); nil for `quit`.
    public var midi: MIDIAction?
    public var argument: Int64

    public init(_ action: Action, midi: MIDIAction? = nil, argument: Int64 = 0) {
        self.action = action
        self.midi = midi
        self.argument = argument
    }
}

/// The one table from Woodshed's OSC addresses (`/woodshed/<action>`, named as in the MIDI
/// map's action table) and `woodshed ctl ACTION [ARG]` to commands. Any thread.
///
/// The argument is what the MIDI map's `"argument"` is: BPM for `tempo-up`/`tempo-down`/
/// `tempo-set`, percent for `volume-up`/`volume-down`/`speed-up`/`speed-down`, bars for
/// `count-in`, seconds for the jumps, milliseconds for the nudges, the song number for
/// `setlist-song`, a name for `preset`. Numbers may be sent as `i`, `h`, `f` or `d`.
public enum OSCCommands {
    /// Woodshed's namespace.
    public static let prefix = "/woodshed/"

    /// Every action name the namespace takes, in the MIDI table's order, then `quit`.
    public static var names: [String] {
        MIDIAction.allCases.filter { $0 != .tempoCC }.map(\.name) + ["quit"]
    }

    /// The command for an action name and its arguments (nil: no such action); throws when
    /// the arguments do not fit (wrong type, absurd value), naming the action and the range.
    public static func command(named name: String, arguments: [OSCArgument], now: Double) throws(OSCRefusal) -> OSCCommand? {
        if name == "quit" {
            guard arguments.isEmpty else { throw OSCRefusal("\(prefix)quit takes no argument") }
            return OSCCommand(.quit)
        }
        guard let midi = MIDIAction(name: name), midi != .tempoCC else { return nil }
        guard arguments.count <= 1 else { throw OSCRefusal("\(prefix)\(name) takes at most one argument, not \(arguments.count)") }
        let given = arguments.first
        var argument: Int64 = 0
        var text: String?
        switch midi.argument {
        case .none:
            guard given == nil else { throw OSCRefusal("\(prefix)\(name) takes no argument") }
        case .bpm(let fallback):
            guard let bpm = try number(given, name: name, what: "a tempo in BPM") ?? fallback.map({ Double($0) / 1000 }) else {
                throw OSCRefusal("\(prefix)\(name) needs a tempo in BPM (1–1000)")
            }
            let milli = (bpm * 1000).rounded()
            guard (0...Double(Tempo.allowed.upperBound)).contains(milli), midi != .tempoSet || Tempo.allowed.contains(Int64(milli)) else {
                throw OSCRefusal("\(prefix)\(name) \(display(bpm)): the tempo must be 1–1000 BPM")
            }
            argument = Int64(milli)
        case .count(let fallback, let range):
            argument = try count(given, name: name, range: range) ?? fallback
        case .optionalCount(let range):
            guard let n = try count(given, name: name, range: range) else {
                throw OSCRefusal("\(prefix)\(name) needs a number (\(range.lowerBound)–\(range.upperBound))")
            }
            argument = n
        case .bpmRange:
            return nil
        case .name:
            guard let s = given?.text, !s.isEmpty else { throw OSCRefusal("\(prefix)\(name) needs a preset name (s)") }
            text = s
        }
        let binding = MIDIBinding(message: .note, number: 0, action: midi, argument: argument)
        guard let action = Action(midi: binding, value: 0, text: text, now: now) else { return nil }
        return OSCCommand(action, midi: midi, argument: argument)
    }

    /// The command for a message in Woodshed's namespace (nil: not an action's address).
    public static func command(for message: OSCMessage, now: Double) throws(OSCRefusal) -> OSCCommand? {
        guard message.address.hasPrefix(prefix) else { return nil }
        return try command(named: String(message.address.dropFirst(prefix.count)), arguments: message.arguments, now: now)
    }

    private static func number(_ a: OSCArgument?, name: String, what: String) throws(OSCRefusal) -> Double? {
        guard let a else { return nil }
        guard let n = a.number else { throw OSCRefusal("\(prefix)\(name) needs \(what), not type '\(a.typeTag)'") }
        guard n.isFinite else { throw OSCRefusal("\(prefix)\(name) \(n): not a number Woodshed can use") }
        return n
    }

    private static func count(_ a: OSCArgument?, name: String, range: ClosedRange<Int64>) throws(OSCRefusal) -> Int64? {
        guard let n = try number(a, name: name, what: "a whole number") else { return nil }
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw OSCRefusal("\(prefix)\(name) \(display(n)): must be a whole number \(range.lowerBound)–\(range.upperBound)")
        }
        return Int64(n)
    }

    static func display(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
    }
}

/// A remote command refused, in one line (`/woodshed/tempo-set 0: the tempo must be 1–1000
/// BPM`). Any thread.
public struct OSCRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
