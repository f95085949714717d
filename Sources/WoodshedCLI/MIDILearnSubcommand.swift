import App
import ArgumentParser
import Foundation
import Jobs
import MIDI
import Persistence

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
        let learning = try MIDILearning(name: action, argument: argument)
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
            if let m = session.midiMessages.first(where: learning.learnable) {
                let mapping = learning.mapping(for: m)
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
}
