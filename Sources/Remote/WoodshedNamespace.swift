import Engine
/// Woodshed's own OSC namespace: `/woodshed/<action> [ARG]` for every action of the vocabulary
/// (`OSCCommands`), `/woodshed/state [URL]` answered with the whole state, and
/// `/woodshed/subscribe URL` / `/woodshed/unsubscribe URL`: a subscriber gets
/// `/woodshed/state` at once, then `/woodshed/<field> value` on each change of a field.
/// Control thread.
public struct WoodshedNamespace {
    /// Subscribers, in order.
    public private(set) var subscribers: [OSCPeer] = []
    /// The fields last sent to subscribers.
    private var reported: [String: OSCArgument] = [:]

    public init() {}

    /// Handles one message of the namespace: the replies; nil when the address is not ours.
    public mutating func handle(_ m: OSCMessage, from sender: OSCPeer, target: RemoteTarget, now: Double) throws(OSCRefusal) -> [OSCDelivery]? {
        switch m.address {
        case "/woodshed/state":
            guard m.fits("") || m.fits("s") else { throw OSCRefusal("/woodshed/state takes no argument or a return URL (s)") }
            return [OSCDelivery(to: try m.replyAddress(sender: sender), target.remoteState(now: now).message)]
        case "/woodshed/subscribe", "/woodshed/unsubscribe":
            guard m.fits("") || m.fits("s") else { throw OSCRefusal("\(m.address) takes no argument or a URL (s)") }
            let peer = try m.replyAddress(sender: sender)
            if m.address == "/woodshed/subscribe" {
                if !subscribers.contains(peer) { subscribers.append(peer) }
                let s = target.remoteState(now: now)
                reported = Dictionary(s.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
                return [OSCDelivery(to: peer, s.message)]
            }
            subscribers.removeAll { $0 == peer }
            return []
        default:
            guard let command = try OSCCommands.command(for: m, now: now) else { return nil }
            target.perform(command, now: now)
            return []
        }
    }

    /// What subscribers should hear at a status refresh: each field that changed since the
    /// last report, as `/woodshed/<field> value` (the one-line summary is not sent alone).
    public mutating func changes(_ s: SessionState) -> [OSCDelivery] {
        guard !subscribers.isEmpty else { return [] }
        var out: [OSCDelivery] = []
        for (name, value) in s.fields where name != "line" && reported[name] != value {
            reported[name] = value
            out += subscribers.map { OSCDelivery(to: $0, OSCMessage("/woodshed/\(name)", [value])) }
        }
        return out
    }
}
