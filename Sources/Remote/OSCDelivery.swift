/// One reply to send: a message and where to. Any thread: a plain value.
public struct OSCDelivery: Equatable, Sendable {
    public var to: OSCPeer
    public var message: OSCMessage
    public init(to: OSCPeer, _ message: OSCMessage) {
        self.to = to
        self.message = message
    }
}

extension OSCMessage {
    /// True when the arguments fit `spec` as liblo matches a method: the same count, numbers
    /// (`i`, `h`, `f`, `d`) for numbers, strings for `s`.
    func fits(_ spec: String) -> Bool {
        guard arguments.count == spec.count else { return false }
        return zip(arguments, spec).allSatisfy { a, t in t == "s" ? a.text != nil : a.number != nil }
    }

    /// klick's optional return address: the URL in argument `index` if there is one, else the sender.
    func replyAddress(_ index: Int = 0, sender: OSCPeer) throws(OSCRefusal) -> OSCPeer {
        guard arguments.count > index else { return sender }
        guard let text = arguments[index].text, let peer = OSCPeer(url: text) else {
            throw OSCRefusal("\(address): the return address must be a URL like osc.udp://127.0.0.1:9001/")
        }
        return peer
    }
}
