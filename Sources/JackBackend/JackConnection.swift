import CJack
import Glibc
import RenderGraph

/// Why a JACK client could not be opened or set up. Any thread.
public enum JackError: Error, CustomStringConvertible, Equatable {
    case noServer(server: String)
    case openFailed(status: UInt32)
    case portFailed(String)
    case activateFailed
    case timebaseTaken

    public var description: String {
        switch self {
        case .noServer(let s):
            return "no JACK server '\(s)' is running. Start one, e.g.: jackd -d alsa   (or, with no sound card: jackd --no-realtime -d dummy)"
        case .openFailed(let status): return "JACK refused the client (status 0x\(String(status, radix: 16)))"
        case .portFailed(let p): return "cannot register the port '\(p)'"
        case .activateFailed: return "JACK would not activate the client"
        case .timebaseTaken: return "another client is JACK's timebase master; Woodshed does not take over (use --transport follow)"
        }
    }
}

/// One open JACK client with its `click` port, callbacks and render context. Control thread,
/// until it is handed to a `ClosingClient`, whose thread alone closes it; the callbacks it
/// installs run on JACK's threads and touch only the context.
final class JackConnection {
    let client: OpaquePointer
    let context: RenderContext
    let port: OpaquePointer
    /// JACK MIDI in (`midi_in`), and MIDI clock out (`midi_clock`, with --midi-clock).
    let midiInPort: OpaquePointer
    let clockPort: OpaquePointer?
    let clientName: String
    let rate: Int
    private var active = false
    private var timebase = false

    /// The ports a new, unconnected client would connect to: the first two physical playback
    /// ports (found by flags, never by name).
    var physicalPlaybackPorts: [String] { ports(flags: JackPortIsPhysical.rawValue | JackPortIsInput.rawValue) }

    /// Opens a client (never starting a server) and registers `click`. Does not activate.
    init(name: String, server: String?, midiClock: Bool = false, makeContext: (Int) throws -> RenderContext) throws {
        var status = jack_status_t(rawValue: 0)
        let options = JackNoStartServer
        guard let c = woodshed_jack_client_open(name, options, &status, server) else {
            if status.rawValue & JackServerFailed.rawValue != 0 {
                throw JackError.noServer(server: JackServerName.effective(server))
            }
            throw JackError.openFailed(status: status.rawValue)
        }
        client = c
        clientName = String(cString: jack_get_client_name(c))
        rate = Int(jack_get_sample_rate(c))
        do {
            context = try makeContext(rate)
        } catch {
            jack_client_close(c)
            throw error
        }
        guard let p = jack_port_register(c, "click", "32 bit float mono audio", UInt(JackPortIsOutput.rawValue), 0) else {
            jack_client_close(c)
            throw JackError.portFailed("click")
        }
        port = p
        guard let mi = jack_port_register(c, "midi_in", "8 bit raw midi", UInt(JackPortIsInput.rawValue), 0) else {
            jack_client_close(c)
            throw JackError.portFailed("midi_in")
        }
        midiInPort = mi
        if midiClock {
            guard let mc = jack_port_register(c, "midi_clock", "8 bit raw midi", UInt(JackPortIsOutput.rawValue), 0) else {
                jack_client_close(c)
                throw JackError.portFailed("midi_clock")
            }
            clockPort = mc
        } else {
            clockPort = nil
        }
        if context.graphOwner.input != nil {
            guard let ip = jack_port_register(c, "in", "32 bit float mono audio", UInt(JackPortIsInput.rawValue), 0) else {
                jack_client_close(c)
                throw JackError.portFailed("in")
            }
            context.inputPort = ip
        }
        if context.graphOwner.hasMusic {
            for (i, name) in ["music_L", "music_R"].enumerated() {
                guard let mp = jack_port_register(c, name, "32 bit float mono audio", UInt(JackPortIsOutput.rawValue), 0) else {
                    jack_client_close(c)
                    throw JackError.portFailed(name)
                }
                if i == 0 { context.musicLeftPort = mp } else { context.musicRightPort = mp }
            }
        }
        context.client = c
        context.port = p
        context.midiInPort = mi
        context.clockPort = clockPort
        context.bufferSize.store(Int(jack_get_buffer_size(c)), ordering: .relaxed)
        let arg = Unmanaged.passUnretained(context).toOpaque()
        jack_set_process_callback(c, jackProcess, arg)
        jack_set_xrun_callback(c, jackXrun, arg)
        jack_set_buffer_size_callback(c, jackBufferSize, arg)
        jack_on_info_shutdown(c, jackShutdown, arg)
        jack_on_shutdown(c, jackPlainShutdown, arg)
    }

    /// Becomes timebase master only if there is none (conditional).
    func becomeTimebaseMaster() throws {
        let arg = Unmanaged.passUnretained(context).toOpaque()
        if jack_set_timebase_callback(client, 1, jackTimebase, arg) != 0 { throw JackError.timebaseTaken }
        timebase = true
    }

    func activate() throws {
        guard jack_activate(client) == 0 else { throw JackError.activateFailed }
        active = true
    }

    /// Connects `music_L`/`music_R` to the ports in turn (L to the first, R to the second, …);
    /// returns the ones that failed.
    func connectMusic(to targets: [String]) -> [String] {
        let names = ["\(clientName):music_L", "\(clientName):music_R"]
        var failed: [String] = []
        for (i, t) in targets.enumerated() {
            let r = jack_connect(client, names[i % 2], t)
            if r != 0 && r != EEXIST { failed.append(t) }  // already connected is fine
        }
        return failed
    }

    /// Connects `click` to each port; returns the ones that failed.
    @discardableResult
    func connect(to targets: [String]) -> [String] {
        let me = String(cString: jack_port_name(port))
        return targets.filter { t in
            let r = jack_connect(client, me, t)
            return r != 0 && r != EEXIST  // already connected is fine
        }
    }

    /// Connects the audio output port `source` (a microphone's capture port) to `in`; false
    /// when it failed (no such port, no input port).
    func connectInput(from source: String) -> Bool {
        guard let ip = context.inputPort else { return false }
        let r = jack_connect(client, source, String(cString: jack_port_name(ip)))
        return r == 0 || r == EEXIST
    }

    /// Connects each JACK MIDI output port to `midi_in`; returns the ones that failed.
    @discardableResult
    func connectMIDI(from sources: [String]) -> [String] {
        let me = String(cString: jack_port_name(midiInPort))
        return sources.filter { s in
            let r = jack_connect(client, s, me)
            return r != 0 && r != EEXIST
        }
    }

    /// The ports `click` is connected to now.
    var connections: [String] {
        guard let list = jack_port_get_all_connections(client, port) else { return [] }
        defer { jack_free(UnsafeMutableRawPointer(mutating: list)) }
        return Self.strings(list)
    }

    /// What JACK's latency API says now about `in` (capture) and `click` (playback), with what
    /// they are connected to. Control thread.
    var latencies: PortLatencies {
        let none = PortLatency(min: 0, max: 0)
        var sources: [String] = []
        if let ip = context.inputPort, let list = jack_port_get_all_connections(client, ip) {
            sources = Self.strings(list)
            jack_free(UnsafeMutableRawPointer(mutating: list))
        }
        return PortLatencies(input: context.inputPort.map { PortLatency.of($0, JackCaptureLatency) } ?? none,
                             click: PortLatency.of(port, JackPlaybackLatency), rate: rate, period: serverBufferSize,
                             inputSources: sources, clickTargets: connections)
    }

    /// The interface a port belongs to (see `AudioInterfaceName`). Control thread.
    func interface(of port: String) -> String? { AudioInterfaceName.of(port: port, client: client) }

    /// True when a port of that name exists.
    func portExists(_ name: String) -> Bool { jack_port_by_name(client, name) != nil }

    func ports(flags: UInt32) -> [String] {
        guard let list = jack_get_ports(client, nil, "32 bit float mono audio", UInt(flags)) else { return [] }
        defer { jack_free(UnsafeMutableRawPointer(mutating: list)) }
        return Self.strings(list)
    }

    var cpuLoad: Float { jack_cpu_load(client) }
    var serverBufferSize: Int { context.bufferSize.load(ordering: .relaxed) }

    func transportStart() { jack_transport_start(client) }
    func transportStop() { jack_transport_stop(client) }

    /// Deactivates and closes; after this no callback runs, so the context may be freed. May
    /// wait for seconds, or for ever, on a server that is going away: see `ClosingClient`.
    func close() {
        if timebase { jack_release_timebase(client); timebase = false }
        if active { jack_deactivate(client); active = false }
        jack_client_close(client)
    }

    private static func strings(_ list: UnsafeMutablePointer<UnsafePointer<CChar>?>) -> [String] {
        var out: [String] = []
        var i = 0
        while let s = list[i] { out.append(String(cString: s)); i += 1 }
        return out
    }
}
