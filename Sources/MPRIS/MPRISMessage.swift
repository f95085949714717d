import CSystemd

/// Appends `MPRISValue`s to an sd-bus message (a reply, a signal). Control thread, during the
/// call that owns the message.
struct MPRISMessage {
    let message: OpaquePointer

    /// Appends `value`; a negative errno on failure.
    func append(_ value: MPRISValue) -> Int32 {
        switch value {
        case .bool(let b):
            var v: Int32 = b ? 1 : 0
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "b")), &v)
        case .string(let s):
            return s.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "s")), $0) }
        case .objectPath(let s):
            return s.withCString { sd_bus_message_append_basic(message, CChar(UInt8(ascii: "o")), $0) }
        case .double(let d):
            var v = d
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "d")), &v)
        case .int64(let x):
            var v = x
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "x")), &v)
        case .int32(let x):
            var v = x
            return sd_bus_message_append_basic(message, CChar(UInt8(ascii: "i")), &v)
        case .strings(let list):
            return container("a", "s") { list.reduce(0) { r, s in r < 0 ? r : append(.string(s)) } }
        case .dictionary(let entries):
            return container("a", "{sv}") {
                for (key, value) in entries {
                    let r = container("e", "sv") {
                        let k = append(.string(key))
                        return k < 0 ? k : container("v", value.signature) { append(value) }
                    }
                    if r < 0 { return r }
                }
                return 0
            }
        }
    }

    private func container(_ type: Character, _ contents: String, _ body: () -> Int32) -> Int32 {
        let open = contents.withCString { sd_bus_message_open_container(message, CChar(type.asciiValue!), $0) }
        if open < 0 { return open }
        let r = body()
        if r < 0 { return r }
        return sd_bus_message_close_container(message)
    }
}
