import CSystemd
import Engine
import Glibc

/// The MPRIS object of a live session on the D-Bus session bus (sd-bus): `/org/mpris/MediaPlayer2`
/// under `org.mpris.MediaPlayer2.woodshed` (`.instance<PID>` when another Woodshed has that
/// name). Control thread only: made, processed, updated and closed there; method calls become
/// `Action`s handed to `perform` from `process`.
public final class MPRISServer {
    /// The name the first Woodshed on the bus takes.
    public static let baseName = "org.mpris.MediaPlayer2.woodshed"

    /// The bus name this object took.
    public private(set) var busName = ""
    /// What the properties say now (the last `update`).
    public private(set) var state: MPRISState
    /// The descriptor to poll for input (nil once closed).
    public var fileDescriptor: Int32? { bus.map { sd_bus_get_fd($0) } }

    private var bus: OpaquePointer?
    private var slots: [OpaquePointer?] = []
    private let perform: (Action) -> Void
    /// The metronome's Next/Previous step, in thousandths of a BPM (`--mpris-step`).
    public let tempoStep: Int64

    /// Connects to the session bus, exports the object and takes the name; `perform` gets the
    /// action of each call. Throws an `MPRISError` saying why there is no MPRIS (no bus).
    public init(state: MPRISState, tempoStep: Int64 = MPRISCall.tempoStepMilliBPM, perform: @escaping (Action) -> Void) throws {
        self.state = state
        self.tempoStep = tempoStep
        self.perform = perform
        var bus: OpaquePointer?
        let opened = sd_bus_open_user(&bus)
        guard opened >= 0, let bus else { throw MPRISError(Self.noBus(opened)) }
        self.bus = bus

        let me = Unmanaged.passUnretained(self).toOpaque()
        for (interface, table) in [(MPRISProperties.rootInterface, woodshed_mpris_root_vtable()),
                                   (MPRISProperties.playerInterface, woodshed_mpris_player_vtable())] {
            var slot: OpaquePointer?
            let r = sd_bus_add_object_vtable(bus, &slot, MPRISProperties.objectPath, interface, table, me)
            guard r >= 0 else { close(); throw MPRISError("cannot export \(interface) on the session bus: \(Self.words(r))") }
            slots.append(slot)
        }
        var name = Self.baseName
        var r = sd_bus_request_name(bus, name, 0)
        if r == -EEXIST {
            name = "\(Self.baseName).instance\(getpid())"
            r = sd_bus_request_name(bus, name, 0)
        }
        guard r >= 0 else { close(); throw MPRISError("cannot take the name \(name) on the session bus: \(Self.words(r))") }
        busName = name
    }

    deinit { close() }

    /// Runs what the bus has for us (method calls, property reads) and writes the replies.
    /// Returns false when the connection is gone (the object is then closed).
    @discardableResult
    public func process() -> Bool {
        guard let bus else { return false }
        var r: Int32
        repeat { r = sd_bus_process(bus, nil) } while r > 0
        if r >= 0 { r = sd_bus_flush(bus) }
        if r < 0 { close(); return false }
        return true
    }

    /// Takes the session's state; announces the player properties that changed with one
    /// `PropertiesChanged` signal, and a section change (the program's, a pedal's, a key's) with
    /// `Seeked` at the new section's position.
    public func update(_ new: MPRISState) {
        let changed = MPRISProperties.changed(from: state, to: new)
        let newSection = state.sectionIndex != nil && new.sectionIndex != nil && state.sectionIndex != new.sectionIndex
        state = new
        guard let bus else { return }
        if !changed.isEmpty {
            var names: [UnsafeMutablePointer<CChar>?] = changed.map { strdup($0) } + [nil]
            defer { for p in names { free(p) } }
            _ = sd_bus_emit_properties_changed_strv(bus, MPRISProperties.objectPath, MPRISProperties.playerInterface, &names)
        }
        if newSection { _ = woodshed_mpris_emit_seeked(bus, new.position ?? 0) }
        if !changed.isEmpty || newSection { _ = sd_bus_flush(bus) }
    }

    /// Where `action` (from any surface: the ←/→ keys, a pedal, OSC, `ctl`, MPRIS's own Seek)
    /// takes the play head, if it is a jump: what `seeked` then says.
    public func seekTarget(of action: Action) -> Int64? { MPRISSeek.target(of: action, from: state) }

    /// Says that the play head jumped to `position` µs (`Seeked`).
    public func seeked(_ position: Int64) {
        guard let bus else { return }
        _ = woodshed_mpris_emit_seeked(bus, position)
        _ = sd_bus_flush(bus)
    }

    /// Leaves the bus (the name goes with the connection).
    public func close() {
        for slot in slots { sd_bus_slot_unref(slot) }
        slots = []
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    /// One method call (from `woodshed_mpris_method`): replies, then performs its action.
    func call(_ member: String, message: OpaquePointer) -> Int32 {
        if member == "Seek" || member == "SetPosition" { return seek(member, message: message) }
        guard let call = MPRISCall(rawValue: member) else {
            return woodshed_sd_bus_reply_error(message, "org.freedesktop.DBus.Error.NotSupported",
                                               "Woodshed does not support \(member) yet")
        }
        let r = woodshed_sd_bus_reply_empty(message)
        if let action = call.action(in: state.kind, tempoStep: tempoStep) { perform(action) }
        return r
    }

    /// A writable property set (from `woodshed_mpris_set`): `Rate` or `Volume`, as an action.
    func set(_ property: String, to value: Double) {
        let action = property == "Rate" ? MPRISRate.action(set: value, in: state) : MPRISVolume.action(set: value, in: state)
        if let action { perform(action) }
    }

    /// `LoopStatus` set (from `woodshed_mpris_set`): None, Track or Playlist, as an action.
    func set(loop value: String) {
        if let action = MPRISLoop.action(set: value, in: state) { perform(action) }
    }

    /// `Seek(x)` or `SetPosition(o, x)`: replies and performs the jump; `perform` says where it
    /// went (`Seeked`, as for a jump from any surface).
    private func seek(_ member: String, message: OpaquePointer) -> Int32 {
        var r: Int32 = 0
        var path: UnsafePointer<CChar>?
        if member == "SetPosition" { r = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "o")), &path) }
        var micros: Int64 = 0
        if r >= 0 { r = sd_bus_message_read_basic(message, CChar(UInt8(ascii: "x")), &micros) }
        guard r >= 0 else { return r }
        let action = member == "Seek" ? MPRISSeek.action(offset: micros, in: state)
            : MPRISSeek.action(setPosition: micros, trackID: path.map { String(cString: $0) } ?? "", in: state)
        let replied = woodshed_sd_bus_reply_empty(message)
        if let action, MPRISSeek.target(of: action, from: state) != nil { perform(action) }
        return replied
    }

    private static func noBus(_ r: Int32) -> String {
        let env = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) } ?? ""
        if env.isEmpty && getenv("XDG_RUNTIME_DIR") == nil {
            return "no session bus (DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are not set)"
        }
        return "no session bus at \(env.isEmpty ? "$XDG_RUNTIME_DIR/bus" : env) (\(words(r)))"
    }

    private static func words(_ r: Int32) -> String { String(cString: strerror(-r)) }
}
