import App
import Control
import Engine
import Foundation
import JackBackend
import MIDI
import Persistence
import WoodshedCore

/// `midi monitor` and `midi learn` live: a watching session (a stopped click, nothing
/// connected, the map applied to nothing) and its loop until the end. Main thread.
public struct MIDIListen {
    public var midi: MIDIRequest
    public var jackName: String
    public var server: String?

    public init(midi: MIDIRequest, jackName: String, server: String?) {
        self.midi = midi
        self.jackName = jackName
        self.server = server
    }

    /// Shows each incoming message and its action through `say` until Ctrl-C or `duration`.
    public func monitor(duration: String?, say: @escaping (String) -> Void) throws {
        let (session, backend, setup) = try listen()
        let client = backend.status.clientName
        say("woodshed midi monitor: map \(setup.control.source) · listening on \(client):midi_in · Ctrl-C stops")
        installQuitSignals()
        var shown = 0
        ListeningLoop(output: backend, session: session, midiInputs: setup.alsaInputs).run(for: duration.flatMap(DurationText.seconds)) { _ in
            // midiLog keeps the latest 200 lines; midiLogTotal counts every line.
            let log = session.midiLog, total = session.midiLogTotal
            let fresh = min(total - shown, log.count)
            if fresh > 0 { say(log.suffix(fresh).joined(separator: "\n")) }
            shown = total
            return false
        }
        backend.stop()
        setup.close()
    }

    /// Maps the next learnable message to `action` (with `argument`) and saves it to the map
    /// file; `timeout` is a checked duration such as 60s.
    /// `midi learn`'s action (a name of the MIDI map's action table) and `--timeout`; each a
    /// one-line problem.
    public static func checkLearning(action: String, timeout: String) throws(OptionProblem) {
        guard MIDIAction(name: action) != nil else {
            throw OptionProblem("unknown action '\(action)' (known: \(MIDIAction.allCases.map(\.name).joined(separator: ", ")))")
        }
        guard DurationText.seconds(timeout) != nil else { throw OptionProblem("--timeout takes a duration such as 30s, not '\(timeout)'") }
    }

    public func learn(action: String, argument: String?, timeout: String, say: (String) -> Void) throws {
        let learning = try MIDILearning(name: action, argument: argument)
        let target = midi.midiMap.map { URL(fileURLWithPath: $0) } ?? MIDIMap.userMapURL()
        // A map that does not parse is refused before anything is captured (and never overwritten).
        if FileManager.default.fileExists(atPath: target.path) {
            do { _ = try MIDIMap(contentsOf: target) } catch { throw ValidationErrorMessage("\(error)") }
        }
        let (session, backend, setup) = try listen()
        defer { backend.stop(); setup.close() }
        say("woodshed midi learn \(action): press the pedal or key now (on \(backend.status.clientName):midi_in)")
        installQuitSignals()
        var pressed: MIDIMessage?
        let end = ListeningLoop(output: backend, session: session, midiInputs: setup.alsaInputs)
            .run(for: DurationText.seconds(timeout) ?? 60) { _ in
                pressed = session.midiMessages.first(where: learning.learnable)
                return pressed != nil
            }
        switch (end, pressed) {
        case (.programEnded, let m?):
            let mapping = learning.mapping(for: m)
            do {
                _ = try MIDIMapStore.learn(mapping, into: target)
            } catch {
                throw ValidationErrorMessage("\(error)")
            }
            say("learned: \(m.text) → \(mapping) · saved to \(target.path)")
        case (.timeUp, _):
            throw ValidationErrorMessage("no MIDI message arrived within \(timeout); nothing was saved")
        default:
            throw ValidationErrorMessage("interrupted; nothing was saved")
        }
    }

    /// The watching session, its JACK client started.
    private func listen() throws -> (LiveSession, JackBackend, MIDISetup) {
        let setup = try MIDISetup(midi, clientName: jackName, monitorOnly: true)
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
}
