/// What `woodshed ctl` asks of a running instance, and the replies: `/woodshed/<action> [ARG]`
/// performs the action and answers `/woodshed/state`; `/woodshed/state` answers it alone; a
/// refused or unknown request answers `/woodshed/error s` with one line. Control thread.
public enum ControlRequests {
    /// What a request asks for.
    public enum Outcome: Equatable {
        /// The state, now (`/woodshed/state`).
        case state
        /// The action was performed: the state once it has taken effect.
        case performed
        /// Refused: this reply.
        case refused(OSCMessage)
    }

    /// The request `woodshed ctl ACTION [ARG]` sends: `status` asks for /woodshed/state, an
    /// action is /woodshed/ACTION with its argument, a number as a double, else a string.
    public static func request(action: String, argument: String?) throws(OSCRefusal) -> OSCMessage {
        if action == "status" {
            if argument != nil { throw OSCRefusal("status takes no argument") }
            return OSCMessage("/woodshed/state", [])
        }
        let arguments: [OSCArgument] = argument.map { a in Double(a).map { .double($0) } ?? .string(a) }.map { [$0] } ?? []
        return OSCMessage(OSCCommands.prefix + action, arguments)
    }

    /// Performs the request's action, if any.
    public static func handle(_ packet: [UInt8], target: RemoteTarget, now: Double) -> Outcome {
        let m: OSCMessage
        do throws(OSCDecodeError) { m = try OSCMessage(decoding: packet) } catch { return .refused(Self.error(error.description)) }
        if m.address == "/woodshed/state" { return .state }
        do throws(OSCRefusal) {
            guard let command = try OSCCommands.command(for: m, now: now) else {
                let name = m.address.hasPrefix(OSCCommands.prefix) ? String(m.address.dropFirst(OSCCommands.prefix.count)) : m.address
                return .refused(error("unknown action '\(name)'; actions: \(OSCCommands.names.joined(separator: ", ")), status"))
            }
            target.perform(command, now: now)
            return .performed
        } catch {
            return .refused(Self.error(error.description))
        }
    }

    /// The replies at once: the refusal, or the state.
    public static func replies(to packet: [UInt8], target: RemoteTarget, now: Double) -> [OSCMessage] {
        if case .refused(let reply) = handle(packet, target: target, now: now) { return [reply] }
        return [target.remoteState(now: now).message]
    }

    static func error(_ line: String) -> OSCMessage { OSCMessage("/woodshed/error", [.string(line)]) }
}
