import CJack
import Foundation
import RenderGraph
import WoodshedCore

/// The app's link to JACK: opens the client, connects the `click` port, runs the transport
/// role, notices when the server goes away and reconnects when one is back (polling with
/// JackNoStartServer, so it never starts a server). It asks the app for each connection's
/// output graph (the process handler) and tells it the transport's state through `notifications`. Control thread only.
public final class JackBackend: TransportRequests {
    /// How to connect.
    public struct Options: Sendable {
        public var clientName = "woodshed"
        /// nil: $JACK_DEFAULT_SERVER, else "default".
        public var server: String?
        /// Ports to connect `click` to; nil: the first two physical playback ports.
        public var connect: [String]?
        /// Leave routing to the user.
        public var noConnect = false
        public var transport: TransportMode = .free
        /// Register `midi_clock` and send MIDI clock on it.
        public var midiClock = false
        /// JACK MIDI output ports to connect to `midi_in` (`--midi-connect`).
        public var midiConnect: [String] = []
        /// Ports to connect music_L, music_R to; nil: the first two physical playback ports.
        public var musicConnect: [String]?
        /// A JACK audio output port to connect to `in` (`--input`, a microphone); nil: none.
        public var inputConnect: String?
        /// Seconds between reconnect attempts while the server is gone.
        public var reconnectInterval = 1.5
        public init() {}
    }

    /// What the display shows about JACK: the output status every backend gives.
    public typealias Status = OutputStatus

    public let options: Options
    /// The app's side: renderers for new connections, the transport's state.
    public let notifications: any JackNotifications
    public private(set) var status = Status()
    /// One-line events for the display and the log ("JACK server gone", "reconnected").
    public private(set) var events: [String] = []

    private var connection: JackConnection?
    /// Clients handed to a thread of their own to close (see `ClosingClient`), until they have.
    private var closing: [ClosingClient] = []
    private var wantedConnections: [String]?
    /// Some output port's targets were missing at the last connect (PipeWire's sinks appear a
    /// moment after its server, when it restarts): connected once a second as they appear.
    private var targetsMissing = false
    private var lastAttempt = -1.0e9
    private var lastConnectionCheck = -1.0e9
    private var xrunsBefore = 0
    private var skippedBefore = 0

    /// The backend for `notifications`' app. Does not connect yet (`start()` does). The app
    /// sends its transport requests (start, stop) to the backend itself.
    public init(options: Options, notifications: any JackNotifications) {
        self.options = options
        self.notifications = notifications
        status.server = JackServerName.effective(options.server)
        status.clientName = options.clientName
        jack_set_error_function(jackMessage)
        jack_set_info_function(jackMessage)
        if !options.noConnect, let c = options.connect { wantedConnections = c }
    }

    /// The first connection. Throws `JackError.noServer` (with the command to start one) when
    /// no server runs, and the other `JackError`s for a server that refuses.
    public func start() throws {
        try connect()
    }

    /// Control thread, several times a second: server loss, reconnect polling, transport and
    /// the master's tempo (follow mode), connection bookkeeping.
    public func tick(now: Double) {
        if let c = connection {
            if c.context.serverGone.load(ordering: .acquiring) {
                lost()
                return
            }
            let ctx = c.context
            status.dspLoad = c.cpuLoad
            status.xruns = xrunsBefore + ctx.xruns.load(ordering: .relaxed)
            status.skippedCycles = skippedBefore + ctx.skippedCycles.load(ordering: .relaxed)
            status.bufferSize = c.serverBufferSize
            status.rolling = ctx.rolling.load(ordering: .relaxed)
            notifications.transportRolling(status.rolling)
            if options.transport == .follow {
                let m = ctx.masterMilliBPM.load(ordering: .relaxed)
                if m > 0 {
                    notifications.follow(milliBPM: m, beats: ctx.masterBeats.load(ordering: .relaxed),
                                         denominator: ctx.masterBeatType.load(ordering: .relaxed))
                }
            }
            if !options.noConnect && now - lastConnectionCheck >= 1 {
                // Once a second: the connections to restore after a reconnect, whoever made them
                // (kept as they were while some are still to be made).
                lastConnectionCheck = now
                if targetsMissing {
                    targetsMissing = connectOutputs(c, quiet: true)
                    if !targetsMissing { events.append("connected to \(c.connections.joined(separator: ", "))") }
                }
                status.connections = c.connections
                if !targetsMissing { wantedConnections = status.connections }
            }
        } else if now - lastAttempt >= options.reconnectInterval {
            // libjack opens a client only once the old one's close has returned (one lock
            // guards both): trying before would hold the control thread.
            closing.removeAll { $0.isFinished }
            guard closing.isEmpty else { return }
            lastAttempt = now
            do {
                try connect()
                events.append("reconnected to JACK '\(status.server)' at \(status.rate) Hz")
            } catch {
                // Still gone: try again later.
            }
        }
    }

    /// How long `stop()` waits for libjack to close the client.
    public static let closeTimeout = 0.5

    /// Closes the client (at quit), waiting at most `timeout` seconds: long enough for a server
    /// that answers (a few cycles), short enough that a server stopping at the same moment (which
    /// answers after 5 s, or never) does not hold the quit. A close still running then finishes
    /// on its own thread or ends with the process, and a child process keeps the client's
    /// sockets open for jackd until it has finished (at most `holdSeconds`). Returns whether
    /// every close has returned.
    @discardableResult
    public func stop(timeout: Double = JackBackend.closeTimeout) -> Bool {
        let deadline = DispatchTime.now() + timeout
        if let c = connection { closeOffThread(c) }
        connection = nil
        status.connected = false
        closing.removeAll { $0.wait(until: deadline) }
        guard closing.isEmpty else {
            // Leaving now would kill a stopping jackd (see woodshed_jack_hold_sockets).
            _ = woodshed_jack_hold_sockets(Self.holdSeconds)
            return false
        }
        return true
    }

    /// How long, at most, a child of ours keeps the sockets of an unfinished close open for
    /// jackd: its client timeout × 10 (5 s by default) and its 2 s notice timeout, with room.
    static let holdSeconds: Int32 = 10

    /// The current renderer's counters (MIDI messages, actions, dropped notices).
    public var counters: RenderCounters? { connection?.context.graphOwner.counters }

    /// The latest oscilloscope and meter picture (click, music L, music R), if tapped and connected.
    public func scopeSnapshot() -> ScopeSnapshot? { connection?.context.graphOwner.scope?.snapshot() }

    /// Noise frames played on this connection (`woodshed noise`), nil without a connection.
    public var noiseFrames: Int64? { connection?.context.graphOwner.noiseFrames.load(ordering: .relaxed) }

    /// JACK's latency API for `in` and `click` now (see `PortLatencies`), nil without a
    /// connection. Control thread: call it on demand (after connections change), not per cycle.
    public func portLatencies() -> PortLatencies? { connection?.latencies }

    /// The interface a port belongs to (see `AudioInterfaceName`), nil without a connection or port.
    public func interface(of port: String) -> String? { connection?.interface(of: port) }

    public func requestStart() { connection?.transportStart() }
    public func requestStop() { connection?.transportStop() }

    private func connect() throws {
        let mode: RenderContext.Mode = switch options.transport {
        case .free: .free
        case .follow: .follow
        case .master: .master
        }
        // JACK bar 1 is transport frame 0: a map's count-in bars come first. (Only a map keeps
        // its count-in in transport modes; free mode publishes no BBT.)
        let barOffset = Int64(notifications.countInBars)
        let c = try JackConnection(name: options.clientName, server: options.server, midiClock: options.midiClock) { rate in
            RenderContext(graph: try self.notifications.makeGraph(rate: rate), mode: mode, barOffset: barOffset)
        }
        var master = false
        if options.transport == .master {
            do {
                try c.becomeTimebaseMaster()
                master = true
            } catch {
                events.append("\(error)")
            }
        }
        do {
            try c.activate()
        } catch {
            closeOffThread(c)
            throw error
        }
        if !options.noConnect { targetsMissing = connectOutputs(c, quiet: false) }
        if !options.midiConnect.isEmpty {
            let present = options.midiConnect.filter { c.portExists($0) }
            let failed = c.connectMIDI(from: present)
            for p in options.midiConnect where !present.contains(p) || failed.contains(p) {
                events.append("could not connect \(p) to midi_in")
            }
        }
        if let source = options.inputConnect, c.context.inputPort != nil, !c.connectInput(from: source) {
            events.append("could not connect \(source) to in")
        }
        connection = c
        status.connected = true
        status.clientName = c.clientName
        status.rate = c.rate
        status.bufferSize = c.serverBufferSize
        status.isTimebaseMaster = master
        status.connections = c.connections
    }

    /// Connects the click (and music) ports to their targets: those wanted, else the first two
    /// physical playback ports. Returns whether some target is still missing; `quiet`: no event
    /// for it (the once-a-second retries).
    private func connectOutputs(_ c: JackConnection, quiet: Bool) -> Bool {
        var missing = false
        let targets = wantedConnections ?? Array(c.physicalPlaybackPorts.prefix(2))
        let present = targets.filter { c.portExists($0) }
        let failed = c.connect(to: present)
        for p in targets where !present.contains(p) || failed.contains(p) {
            missing = true
            if !quiet { events.append("could not connect click to \(p)") }
        }
        if wantedConnections == nil && targets.isEmpty {
            missing = true
            if !quiet { events.append("no physical playback ports: connect woodshed's click port yourself") }
        }
        if c.context.graphOwner.hasMusic {
            let targets = options.musicConnect ?? Array(c.physicalPlaybackPorts.prefix(2))
            let present = targets.filter { c.portExists($0) }
            let failed = c.connectMusic(to: present)
            for p in targets where !present.contains(p) || failed.contains(p) {
                missing = true
                if !quiet { events.append("could not connect music to \(p)") }
            }
        }
        return missing
    }

    /// Hands `c` to a thread of its own to close (see `ClosingClient`), once its callbacks no
    /// longer touch anything of the app's (waiting up to 0.1 s for one that runs: a cycle is
    /// a few milliseconds).
    private func closeOffThread(_ c: JackConnection) {
        c.context.retire(timeout: 0.1)
        closing.append(ClosingClient(c))
    }

    private func lost() {
        if let c = connection {
            xrunsBefore += c.context.xruns.load(ordering: .relaxed)
            skippedBefore += c.context.skippedCycles.load(ordering: .relaxed)
            closeOffThread(c)
        }
        connection = nil
        status.connected = false
        status.dspLoad = 0
        events.append("JACK server gone; reconnecting (state kept)")
    }
}
