import CSystemd

// The C handlers the vtables in CSystemd's shim.h name. sd-bus calls them from
// `sd_bus_process`, on the control thread; `userdata` is the `MPRISServer`.

@_cdecl("woodshed_mpris_method")
func woodshedMPRISMethod(_ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                         _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let message, let userdata, let member = sd_bus_message_get_member(message) else { return -22 }
    let server = Unmanaged<MPRISServer>.fromOpaque(userdata).takeUnretainedValue()
    return server.call(String(cString: member), message: message)
}

@_cdecl("woodshed_mpris_get")
func woodshedMPRISGet(_ bus: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
                      _ property: UnsafePointer<CChar>?, _ reply: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                      _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let interface, let property, let reply, let userdata else { return -22 }
    let server = Unmanaged<MPRISServer>.fromOpaque(userdata).takeUnretainedValue()
    let name = String(cString: property)
    let value = String(cString: interface) == MPRISProperties.rootInterface
        ? MPRISProperties.root(name) : MPRISProperties.player(name, server.state)
    guard let value else { return -22 }
    return MPRISMessage(message: reply).append(value)
}

@_cdecl("woodshed_mpris_set")
func woodshedMPRISSet(_ bus: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
                      _ property: UnsafePointer<CChar>?, _ value: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?,
                      _ error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard let property, let value, let userdata else { return -22 }
    let server = Unmanaged<MPRISServer>.fromOpaque(userdata).takeUnretainedValue()
    let name = String(cString: property)
    if name == "LoopStatus" {
        var text: UnsafePointer<CChar>?
        let r = sd_bus_message_read_basic(value, CChar(UInt8(ascii: "s")), &text)
        guard r >= 0, let text else { return r < 0 ? r : -22 }
        server.set(loop: String(cString: text))
        return 0
    }
    var number = 0.0
    let r = sd_bus_message_read_basic(value, CChar(UInt8(ascii: "d")), &number)
    guard r >= 0 else { return r }
    server.set(name, to: number)
    return 0
}
