import Remote

extension FuzzTarget {
    /// A `woodshed ctl` connection as the instance's control socket reads it. The input is the
    /// words of a `woodshed ctl ACTION [ARG]` (UTF-8, up to the first NUL byte: the first word
    /// is the action, the rest its argument), then the raw bytes a client sends. The words become
    /// the request `ctl` sends (`ControlRequests.request`), framed as the client frames it, in
    /// front of the raw bytes; the stream arrives in pieces of 1 to 8 bytes (the length of each
    /// piece from the bytes themselves) through `StreamFraming.take`, as `ControlConnection.read`
    /// takes it; each whole packet is answered by `ControlRequests.replies` over a stand-in
    /// session, and each reply is encoded, decoded and printed as `ctl` prints it.
    static func ctlConnection(_ bytes: [UInt8]) {
        let nul = bytes.firstIndex(of: 0) ?? bytes.count
        let words = String(decoding: bytes[..<nul], as: UTF8.self).split(separator: " ", maxSplits: 1).map(String.init)
        var stream: [UInt8] = []
        if let action = words.first, let request = try? ControlRequests.request(action: action, argument: words.dropFirst().first) {
            stream = StreamFraming.frame(request.encoded())
        }
        stream += bytes[min(nul + 1, bytes.count)...]
        let target = FuzzRemoteTarget()
        var buffer: [UInt8] = [], at = 0, now = 0.0
        while at < stream.count {
            let piece = Int(stream[at] & 7) + 1
            buffer += stream[at..<min(at + piece, stream.count)]
            at += piece
            guard let packets = try? StreamFraming.take(from: &buffer) else { return }  // the connection is dropped
            for packet in packets {
                for reply in ControlRequests.replies(to: packet, target: target, now: now) {
                    guard let back = try? OSCMessage(decoding: reply.encoded()) else { continue }
                    _ = back.address == "/woodshed/state" ? StateText.json(back) + StateText.line(back) : back.address
                }
                now += 0.25
            }
        }
    }
}
