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
