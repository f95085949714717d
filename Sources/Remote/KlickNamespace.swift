import Engine
import WoodshedCore

/// klick 0.12.2's OSC namespace (`/klick/...`), answered as klick answers it: queries reply to
/// the sender (or the URL given), changes are reported to the registered clients only, and
/// `/klick/simple/current_tempo` goes to them whenever the tempo heard changes. Where klick
/// accepts nonsense (tempo 0, NaN, a negative limit), Woodshed refuses. Control thread.
public struct KlickNamespace {
    public static let prefix = "/klick/"
    /// Clients registered with `/klick/register_client`, in order.
    public private(set) var clients: [OSCPeer] = []
    /// klick's tempo increment (BPM added per bar, spread over its beats), start and limit,
    /// applied to the click as klick applies them (`step`).
    public private(set) var trainer = KlickSpeedTrainer()
    public var tempoIncrement: Float { trainer.increment }
    public var tempoStart: Float { trainer.start }
    public var tempoLimit: Float { trainer.limit }
    /// The last `current_tempo` sent to clients.
    private var reportedCurrentTempo: Float = 0

    public init() {}

    /// Handles one message of the namespace: the replies to send; nil when the address (with
    /// these argument types) is not klick's. Throws when klick's address is refused.
    public mutating func handle(_ m: OSCMessage, from sender: OSCPeer, target: RemoteTarget, now: Double) throws(OSCRefusal) -> [OSCDelivery]? {
        let a = m.address
        func simple() throws(OSCRefusal) -> SessionState {
            let s = target.remoteState(now: now)
            guard s.metronomeType == "simple" else { throw OSCRefusal("\(a): function not available for current metronome type") }
            return s
        }
        func toClients(_ message: OSCMessage) -> [OSCDelivery] { clients.map { OSCDelivery(to: $0, message) } }
        switch a {
        case "/klick/ping" where m.fits("") || m.fits("s"):
            return [OSCDelivery(to: try m.replyAddress(sender: sender), OSCMessage("/klick/pong"))]
        case "/klick/check" where m.fits("") || m.fits("s"):
            return [OSCDelivery(to: try m.replyAddress(sender: sender), OSCMessage("/klick/ready"))]
        case "/klick/register_client" where m.fits("") || m.fits("s"):
            let peer = try m.replyAddress(sender: sender)
            if !clients.contains(peer) { clients.append(peer) }
            return []
        case "/klick/unregister_client" where m.fits("") || m.fits("s"):
            let peer = try m.replyAddress(sender: sender)
            clients.removeAll { $0 == peer }
            return []
        case "/klick/query" where m.fits("") || m.fits("s"):
            let to = try m.replyAddress(sender: sender)
            let s = target.remoteState(now: now)
            var out = configQuery(s, to: to) + metroQuery(s, to: to)
            if s.metronomeType == "simple" { out += simpleQuery(s, to: to) } else if s.metronomeType == "map" { out += mapQuery(to: to) }
            return out
        case "/klick/quit" where m.fits(""):
            target.perform(OSCCommand(.quit), now: now)
            return []
        case "/klick/config/set_volume" where m.fits("f"):
            let v = m.arguments[0].number!
            guard v.isFinite, v >= 0, v <= 4 else { throw OSCRefusal("\(a) \(v): the volume must be 0–4") }
            let before = target.remoteState(now: now).volume
            target.perform(OSCCommand(.volumeStep(Float(v) - before)), now: now)
            return toClients(OSCMessage("/klick/config/volume", [.float(target.remoteState(now: now).volume)]))
        case "/klick/config/query" where m.fits("") || m.fits("s"):
            return configQuery(target.remoteState(now: now), to: try m.replyAddress(sender: sender))
        case "/klick/metro/set_type" where m.fits("s"):
            let type = m.arguments[0].text!
            let s = target.remoteState(now: now)
            guard ["simple", "map", "jack"].contains(type) else { throw OSCRefusal("\(a): invalid metronome type '\(type)'") }
            guard type == s.metronomeType else {
                throw OSCRefusal("\(a): Woodshed keeps the metronome type it started with (\(s.metronomeType)); start it with --map or --transport follow")
            }
            return toClients(OSCMessage("/klick/metro/type", [.string(type)]))
        case "/klick/metro/start" where m.fits(""), "/klick/metro/stop" where m.fits(""):
            let starting = a.hasSuffix("start")
            if starting, let begin = trainer.startMilliBPM, target.remoteState(now: now).metronomeType == "simple" {
                if trainer.nominalMilliBPM == nil { trainer.tempoSet(target.remoteState(now: now).milliBPM) }
                target.perform(OSCCommand(.setTempo(milliBPM: begin)), now: now)
            }
            target.perform(OSCCommand(starting ? .start : .stop), now: now)
            if starting {
                let s = target.remoteState(now: now)
                trainer.started(at: s.milliBPM, beats: s.beats)
            }
            return toClients(OSCMessage("/klick/metro/active", [.int32(target.remoteState(now: now).running ? 1 : 0)]))
        case "/klick/metro/query" where m.fits("") || m.fits("s"):
            return metroQuery(target.remoteState(now: now), to: try m.replyAddress(sender: sender))
        case "/klick/simple/set_tempo" where m.fits("f"):
            _ = try simple()
            let bpm = m.arguments[0].number!
            let milli = (bpm * 1000).rounded()
            guard bpm.isFinite, abs(milli) < 1e15, Tempo.allowed.contains(Int64(milli)) else {
                throw OSCRefusal("\(a) \(bpm): the tempo must be 1–1000 BPM")
            }
            target.perform(OSCCommand(.setTempo(milliBPM: Int64(milli))), now: now)
            trainer.tempoSet(target.remoteState(now: now).milliBPM)
            return toClients(OSCMessage("/klick/simple/tempo", [.float(Self.bpm(target.remoteState(now: now)))]))
        case "/klick/simple/set_tempo_increment" where m.fits("f"):
            _ = try simple()
            trainer.set(increment: try Self.finite(m, a))
            return toClients(OSCMessage("/klick/simple/tempo_increment", [.float(tempoIncrement)]))
        case "/klick/simple/set_tempo_start" where m.fits("f"):
            _ = try simple()
            let v = try Self.finite(m, a)
            guard v == 0 || (1...1000).contains(v) else { throw OSCRefusal("\(a) \(v): the start tempo must be 1–1000 BPM (0: none)") }
            trainer.set(start: v)
            return toClients(OSCMessage("/klick/simple/tempo_start", [.float(tempoStart)]))
        case "/klick/simple/set_tempo_limit" where m.fits("f"):
            _ = try simple()
            let v = try Self.finite(m, a)
            guard v == 0 || (1...1000).contains(v) else { throw OSCRefusal("\(a) \(v): the tempo limit must be 1–1000 BPM (0: none)") }
            trainer.set(limit: v)
            return toClients(OSCMessage("/klick/simple/tempo_limit", [.float(tempoLimit)]))
        case "/klick/simple/set_meter" where m.fits("ii"):
            _ = try simple()
            let beats = m.arguments[0].number!, denominator = m.arguments[1].number!
            guard beats == beats.rounded(), (1...64).contains(beats), [1, 2, 4, 8, 16, 32, 64].contains(denominator) else {
                throw OSCRefusal("\(a) \(OSCCommands.display(beats)) \(OSCCommands.display(denominator)): beats must be 1–64 and the denominator 1, 2, 4 … 64")
            }
            target.perform(OSCCommand(.setMeter(beats: Int(beats), denominator: Int(denominator))), now: now)
            let s = target.remoteState(now: now)
            guard s.beats == Int(beats) && s.denominator == Int(denominator) else { throw OSCRefusal("\(a): \(target.lastMessage)") }
            return toClients(OSCMessage("/klick/simple/meter", [.int32(Int32(s.beats)), .int32(Int32(s.denominator))]))
        case "/klick/simple/set_pattern" where m.fits("s"):
            _ = try simple()
            let pattern = m.arguments[0].text!
            target.perform(OSCCommand(.setPattern(pattern)), now: now)
            let s = target.remoteState(now: now)
            guard s.pattern == pattern else { throw OSCRefusal("\(a): \(target.lastMessage)") }
            return toClients(OSCMessage("/klick/simple/pattern", [.string(s.pattern)]))
        case "/klick/simple/tap" where m.fits("") || m.fits("d"):
            _ = try simple()
            let at = m.arguments.first?.number ?? now
            guard at.isFinite else { throw OSCRefusal("\(a) \(at): not a time") }
            target.perform(OSCCommand(.tap(at: at), midi: .tap), now: now)
            trainer.tempoSet(target.remoteState(now: now).milliBPM)
            return toClients(OSCMessage("/klick/simple/tempo", [.float(Self.bpm(target.remoteState(now: now)))]))
        case "/klick/simple/query" where m.fits("") || m.fits("s"):
            let s = try simple()
            return simpleQuery(s, to: try m.replyAddress(sender: sender))
        case "/klick/map/query" where m.fits("") || m.fits("s"):
            guard target.remoteState(now: now).metronomeType == "map" else { throw OSCRefusal("\(a): function not available for current metronome type") }
            return mapQuery(to: try m.replyAddress(sender: sender))
        case "/klick/jack/query" where m.fits("") || m.fits("s"):
            return []
        case "/klick/map/load_file" where m.fits("s"), "/klick/map/set_preroll" where m.fits("i"),
             "/klick/map/set_tempo_multiplier" where m.fits("f"), "/klick/config/set_sound" where m.fits("i") || m.fits("ss"),
             "/klick/config/set_sound_volume" where m.fits("ff"), "/klick/config/set_sound_pitch" where m.fits("ff"),
             "/klick/config/connect" where m.arguments.allSatisfy({ $0.text != nil }), "/klick/config/autoconnect" where m.fits(""),
             "/klick/config/disconnect_all" where m.fits(""), "/klick/config/get_available_ports" where m.fits("") || m.fits("s"):
            throw OSCRefusal("\(a): not supported by Woodshed (see docs/remote-control.md)")
        default:
            return nil
        }
    }

    /// The speed trainer at a status refresh: the tempo after the beats heard since the last
    /// look, set on `target` (klick's tempo increment, start and limit).
    public mutating func step(target: RemoteTarget, now: Double) {
        if let tempo = trainer.step(target.remoteState(now: now)) {
            target.perform(OSCCommand(.setTempo(milliBPM: tempo)), now: now)
        }
    }

    /// What registered clients should hear at a status refresh: `current_tempo` when the tempo
    /// heard changed (0 while stopped, as klick).
    public mutating func changes(_ s: SessionState) -> [OSCDelivery] {
        let current: Float = s.running && s.metronomeType == "simple" ? Self.bpm(s) : 0
        guard current != reportedCurrentTempo else { return [] }
        reportedCurrentTempo = current
        return clients.map { OSCDelivery(to: $0, OSCMessage("/klick/simple/current_tempo", [.float(current)])) }
    }

    static func bpm(_ s: SessionState) -> Float { Float(Double(s.milliBPM) / 1000) }

    private static func finite(_ m: OSCMessage, _ a: String) throws(OSCRefusal) -> Float {
        let v = m.arguments[0].number!
        guard v.isFinite, abs(v) <= 1000 else { throw OSCRefusal("\(a) \(v): not a tempo Woodshed can use") }
        return Float(v)
    }

    private func configQuery(_ s: SessionState, to: OSCPeer) -> [OSCDelivery] {
        [OSCMessage("/klick/config/sound", [.int32(0)]),
         OSCMessage("/klick/config/sound_volume", [.float(1), .float(1)]),
         OSCMessage("/klick/config/sound_pitch", [.float(1), .float(1)]),
         OSCMessage("/klick/config/volume", [.float(s.volume)])].map { OSCDelivery(to: to, $0) }
    }

    private func metroQuery(_ s: SessionState, to: OSCPeer) -> [OSCDelivery] {
        [OSCMessage("/klick/metro/type", [.string(s.metronomeType)]),
         OSCMessage("/klick/metro/active", [.int32(s.running ? 1 : 0)])].map { OSCDelivery(to: to, $0) }
    }

    private func simpleQuery(_ s: SessionState, to: OSCPeer) -> [OSCDelivery] {
        [OSCMessage("/klick/simple/tempo", [.float(trainer.increment != 0 ? Float(Double(trainer.nominalMilliBPM ?? s.milliBPM) / 1000) : Self.bpm(s))]),
         OSCMessage("/klick/simple/tempo_increment", [.float(tempoIncrement)]),
         OSCMessage("/klick/simple/tempo_start", [.float(tempoStart)]),
         OSCMessage("/klick/simple/tempo_limit", [.float(tempoLimit)]),
         OSCMessage("/klick/simple/current_tempo", [.float(s.running ? Self.bpm(s) : 0)]),
         OSCMessage("/klick/simple/meter", [.int32(Int32(s.beats)), .int32(Int32(s.denominator))]),
         OSCMessage("/klick/simple/pattern", [.string(s.pattern)])].map { OSCDelivery(to: to, $0) }
    }

    private func mapQuery(to: OSCPeer) -> [OSCDelivery] {
        [OSCMessage("/klick/map/filename", [.string("")]),
         OSCMessage("/klick/map/preroll", [.int32(-1)]),
         OSCMessage("/klick/map/tempo_multiplier", [.float(1)])].map { OSCDelivery(to: to, $0) }
    }
}
