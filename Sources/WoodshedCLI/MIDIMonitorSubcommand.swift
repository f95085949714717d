import App
import ArgumentParser
import Foundation
import Jobs

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
