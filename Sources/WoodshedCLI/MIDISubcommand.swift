import Jobs
import App
import ArgumentParser
import Control
import Foundation
import JackBackend
import MIDI
import MIDIInput
import Persistence
import WoodshedCore

/// `woodshed midi`: ports, learn, monitor. Main thread.
struct MIDISubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "midi",
        abstract: "MIDI inputs: list them, watch them, or learn a pedal press into your MIDI map.",
        subcommands: [MIDIPortsSubcommand.self, MIDILearnSubcommand.self, MIDIMonitorSubcommand.self])
}

/// `woodshed midi ports`. Main thread.
struct MIDIPortsSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ports", abstract: "List JACK MIDI sources and ALSA MIDI inputs, or why a backend is absent.")

    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').")
    var server: String?

    func run() throws {
        var out = "JACK MIDI sources (connect one to woodshed:midi_in, or --midi-in jack:PORT):\n"
        switch JackPorts.midiSources(server: server) {
        case .success(let ports): out += ports.isEmpty ? "  none\n" : ports.map { "  \($0)\n" }.joined()
        case .failure(let e): out += "  not available: \(e)\n"
        }
        out += "ALSA MIDI inputs (--midi-in alsa:NAME, through RtMidi):\n"
        switch RtMidiInput.ports(api: .alsa) {
        case .success(let ports): out += ports.isEmpty ? "  none\n" : ports.map { "  \($0)\n" }.joined()
        case .failure(let e): out += "  not available: \(e)\n"
        }
        print(out, terminator: "")
    }
}

/// The JACK client options `midi learn` and `midi monitor` share. Main thread.
struct MIDIListenOptions: ParsableArguments {
    @OptionGroup(title: "MIDI") var midi: MIDIOptions

    @Option(name: .customLong("jack-name"), help: "JACK client name.")
    var jackName = "woodshed"

    @Option(name: .long, help: "JACK server name (default: $JACK_DEFAULT_SERVER or 'default').")
    var server: String?

    /// A watching session: a stopped click, nothing connected, the map applied to nothing.
    func listen() throws -> (LiveSession, JackBackend, MIDISetup) {
        let setup = try MIDISetup(options: midi, clientName: jackName, monitorOnly: true)
        for w in setup.warnings { writeStderr("Warning: \(w)\n") }
        let session = LiveSession(settings: ClickSettings(), midi: setup.control)
        var options = JackBackend.Options()
        options.clientName = jackName
        options.server = server
        options.noConnect = true
        options.midiConnect = setup.jackSources
        let backend = JackBackend(options: options, session: session)
        do { try backend.start() } catch { throw ValidationErrorMessage("\(error)") }
        return (session, backend, setup)
    }

    /// One turn of a watching session: ALSA input, the renderer's notices, JACK upkeep.
    /// Returns the time of the turn.
    static func pump(_ session: LiveSession, _ backend: JackBackend, _ setup: MIDISetup) -> Double {
        let now = MonotonicClock.seconds()
        ExternalMIDI.deliver(setup.alsaInputs, to: session, now: now)
        session.drainNotices(now: now)
        backend.tick(now: now)
        return now
    }
}

/// `woodshed midi monitor`. Main thread.
struct MIDIMonitorSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor", abstract: "Show incoming MIDI messages and the action each would trigger (nothing is done).")

    @OptionGroup var listen: MIDIListenOptions

    @Option(name: .customLong("for"), help: "Stop after this long, e.g. 30s (default: until Ctrl-C).")
    var duration: String?

    func run() throws {
        let (session, backend, setup) = try listen.listen()
        let client = backend.status.clientName
        out("woodshed midi monitor: map \(setup.control.source) · listening on \(client):midi_in · Ctrl-C stops")
        let stopAfter = duration.flatMap(DurationText.seconds)
        installQuitSignals()
        let started = MonotonicClock.seconds()
        var shown = 0
        while !QuitSignal.requested.load(ordering: .relaxed) {
            usleep(20_000)
            let now = MIDIListenOptions.pump(session, backend, setup)
            // midiLog keeps the latest 200 lines; midiLogTotal counts every line.
            let log = session.midiLog, total = session.midiLogTotal
            let fresh = min(total - shown, log.count)
            if fresh > 0 { out(log.suffix(fresh).joined(separator: "\n")) }
            shown = total
            if let stopAfter, now - started >= stopAfter { break }
        }
        backend.stop()
        setup.close()
    }
}

/// `woodshed midi learn ACTION [ARGUMENT]`. Main thread.
struct MIDILearnSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "learn",
        abstract: "Press a pedal or key: the next note, CC or program change is mapped to ACTION and saved.",
        discussion: """
            Saved to --midi-map FILE, else $XDG_CONFIG_HOME/woodshed/midi-map.json
            (which starts as a copy of the built-in map). The file is written atomically
            with one backup (.bak); other mappings stay as they are; a mapping of the
            same message is replaced.
            """)

    @Argument(help: "The action, e.g. tempo-up, tap, toggle, tempo-cc (see docs/midi.md).")
    var action: String

    @Argument(help: "The action's argument: BPM for tempo-up/down/set, MIN,MAX for tempo-cc, a preset name, a count.")
    var argument: String?

    @OptionGroup var listen: MIDIListenOptions

    @Option(name: .long, help: "Give up after this long (default 60s).")
    var timeout: String = "60s"

    func validate() throws {
        guard MIDIAction(name: action) != nil else {
            throw ValidationError("unknown action '\(action)' (known: \(MIDIAction.allCases.map(\.name).joined(separator: ", ")))")
        }
        guard DurationText.seconds(timeout) != nil else { throw ValidationError("--timeout takes a duration such as 30s, not '\(timeout)'") }
    }

    func run() throws {
        let act = MIDIAction(name: action)!
        let arg = try parsedArgument(act)
        let target = listen.midi.midiMap.map { URL(fileURLWithPath: $0) } ?? MIDIMap.userMapURL()
        // A map that does not parse is refused before anything is captured (and never overwritten).
        if FileManager.default.fileExists(atPath: target.path) {
            do { _ = try MIDIMap(contentsOf: target) } catch { throw ValidationErrorMessage("\(error)") }
        }
        let (session, backend, setup) = try listen.listen()
        defer { backend.stop(); setup.close() }
        out("woodshed midi learn \(action): press the pedal or key now (on \(backend.status.clientName):midi_in)")
        installQuitSignals()
        let started = MonotonicClock.seconds()
        let limit = DurationText.seconds(timeout) ?? 60
        while !QuitSignal.requested.load(ordering: .relaxed) {
            usleep(10_000)
            let now = MIDIListenOptions.pump(session, backend, setup)
            if let m = session.midiMessages.first(where: { Self.learnable($0, for: act) }) {
                let mapping = Self.mapping(for: m, action: act, argument: arg)
                do {
                    _ = try MIDIMapStore.learn(mapping, into: target)
                } catch {
                    throw ValidationErrorMessage("\(error)")
                }
                out("learned: \(m.text) → \(mapping) · saved to \(target.path)")
                return
            }
            if now - started > limit { throw ValidationErrorMessage("no MIDI message arrived within \(timeout); nothing was saved") }
        }
        throw ValidationErrorMessage("interrupted; nothing was saved")
    }

    /// Presses only: a note-on, a CC (any value for tempo-cc, a press ≥ 64 otherwise), a program change.
    static func learnable(_ m: MIDIMessage, for action: MIDIAction) -> Bool {
        switch m.kind {
        case .noteOn: return m.data2 > 0 && action != .tempoCC
        case .controlChange: return action == .tempoCC || m.data2 >= 64
        case .programChange: return action != .tempoCC
        default: return false
        }
    }

    static func mapping(for m: MIDIMessage, action: MIDIAction, argument: MIDIMap.Argument?) -> MIDIMap.Mapping {
        let kind: MIDIBinding.Message = m.kind == .noteOn ? .note : m.kind == .controlChange ? .controlChange : .programChange
        return MIDIMap.Mapping(message: kind, channel: nil, number: Int(m.data1), action: action, argument: argument)
    }

    func parsedArgument(_ act: MIDIAction) throws -> MIDIMap.Argument? {
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

/// One line (or several) to stdout, unbuffered. Main thread.
func out(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

