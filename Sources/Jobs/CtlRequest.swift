import Foundation
import Remote

/// `woodshed ctl ACTION [ARG]` as the user asked: one action of the MIDI map's table (or
/// `status`) for the running instance, found through its socket. Main thread (a socket round trip).
public struct CtlRequest {
    public var action: String
    public var argument: String?
    /// `--instance PID`: which instance, when several run.
    public var instance: Int32?
    public var json: Bool

    public init(action: String, argument: String?, instance: Int32?, json: Bool) {
        self.action = action
        self.argument = argument
        self.instance = instance
        self.json = json
    }

    /// The OSC message the action is sent as: `status` asks for /woodshed/state, an action is
    /// /woodshed/ACTION with its argument, a number as a double, else a string.
    public func message() throws(OptionProblem) -> OSCMessage {
        if action == "status" {
            if argument != nil { throw OptionProblem("status takes no argument") }
            return OSCMessage("/woodshed/state", [])
        }
        let arguments: [OSCArgument] = argument.map { a in Double(a).map { .double($0) } ?? .string(a) }.map { [$0] } ?? []
        return OSCMessage(OSCCommands.prefix + action, arguments)
    }

    /// Sends the message and returns the instance's state: one line, or JSON with `json`.
    public func run() throws -> String {
        let client = ControlClient(folder: InstanceFolder(environment: ProcessInfo.processInfo.environment))
        let state = try client.request(try message(), instance: instance)
        return json ? StateText.json(state) : StateText.line(state)
    }
}
