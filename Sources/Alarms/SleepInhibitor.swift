import CSystemd
import Glibc

/// Keeps the computer awake while an alarm is set: a logind "sleep" inhibitor (org.freedesktop.
/// login1 `Inhibit("sleep", "Woodshed", why, "block")` on the system bus, as `systemd-inhibit`
/// takes it), held as the file descriptor logind hands out, and released by closing it. Where
/// logind cannot be reached, it says so once and carries on. Control thread.
public final class SleepInhibitor {
    /// The bus to use instead of the system bus (tests: a private `dbus-daemon`); nil: the
    /// system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket).
    public let busAddress: String?
    private let warn: (String) -> Void
    private var descriptor: Int32 = -1
    private var saidUnreachable = false

    public init(busAddress: String? = nil, warn: @escaping (String) -> Void) {
        self.busAddress = busAddress
        self.warn = warn
    }

    deinit { release() }

    /// True while the inhibitor is held.
    public var isHeld: Bool { descriptor >= 0 }

    /// Takes the inhibitor if it is not held; false (said once) when logind is not reachable.
    @discardableResult
    public func hold(why: String) -> Bool {
        if descriptor >= 0 { return true }
        if saidUnreachable { return false }
        do throws(SleepInhibitorError) {
            descriptor = try take(why: why)
            return true
        } catch {
            saidUnreachable = true
            warn("Warning: logind is not reachable (\(error.reason)): the computer may go to sleep before the alarm")
            return false
        }
    }

    /// Lets the computer sleep again.
    public func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    private func take(why: String) throws(SleepInhibitorError) -> Int32 {
        var bus: OpaquePointer?
        var r: Int32
        if let busAddress {
            r = sd_bus_new(&bus)
            if r >= 0 { r = sd_bus_set_address(bus, busAddress) }
            if r >= 0 { r = sd_bus_set_bus_client(bus, 1) }
            if r >= 0 { r = sd_bus_start(bus) }
        } else {
            r = sd_bus_open_system(&bus)
        }
        defer { if bus != nil { sd_bus_flush_close_unref(bus) } }
        guard r >= 0 else { throw SleepInhibitorError(reason: "no system bus: \(String(cString: strerror(-r)))") }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        r = woodshed_login1_inhibit(bus, "sleep", "Woodshed", why, "block", &error, &reply)
        defer { if reply != nil { sd_bus_message_unref(reply) } }
        guard r >= 0 else {
            let name = error.name.map { String(cString: $0) } ?? String(cString: strerror(-r))
            throw SleepInhibitorError(reason: name)
        }
        var fd: Int32 = -1
        r = woodshed_read_fd(reply, &fd)
        guard r >= 0, fd >= 0 else { throw SleepInhibitorError(reason: "logind's reply had no file descriptor") }
        let own = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        guard own >= 0 else { throw SleepInhibitorError(reason: String(cString: strerror(errno))) }
        return own
    }
}

/// Why the inhibitor could not be taken. Any thread.
struct SleepInhibitorError: Error {
    let reason: String
}
