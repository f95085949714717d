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

    /// The OSC message the action is sent as (`ControlRequests.request`).
    public func message() throws(OptionProblem) -> OSCMessage {
        do throws(OSCRefusal) {
            return try ControlRequests.request(action: action, argument: argument)
        } catch {
            throw OptionProblem(error.description)
        }
    }

    /// Sends the message and returns the instance's state: one line, or JSON with `json`.
    public func run() throws -> String {
        let client = ControlClient(folder: InstanceFolder(environment: ProcessInfo.processInfo.environment))
        let state = try client.request(try message(), instance: instance)
        return json ? StateText.json(state) : StateText.line(state)
    }
}
