/// What `woodshed ctl` asks of a running instance, and the replies: `/woodshed/<action> [ARG]`
/// performs the action and answers `/woodshed/state`; `/woodshed/state` answers it alone; a
/// refused or unknown request answers `/woodshed/error s` with one line. Control thread.
public enum ControlRequests {
    public static func replies(to packet: [UInt8], target: RemoteTarget, now: Double) -> [OSCMessage] {
        let m: OSCMessage
        do throws(OSCDecodeError) { m = try OSCMessage(decoding: packet) } catch { return [Self.error(error.description)] }
        if m.address == "/woodshed/state" { return [target.remoteState(now: now).message] }
        do throws(OSCRefusal) {
            guard let command = try OSCCommands.command(for: m, now: now) else {
                let name = m.address.hasPrefix(OSCCommands.prefix) ? String(m.address.dropFirst(OSCCommands.prefix.count)) : m.address
                return [error("unknown action '\(name)'; actions: \(OSCCommands.names.joined(separator: ", ")), status")]
            }
            target.perform(command, now: now)
            return [target.remoteState(now: now).message]
        } catch {
            return [Self.error(error.description)]
        }
    }

    static func error(_ line: String) -> OSCMessage { OSCMessage("/woodshed/error", [.string(line)]) }
}
