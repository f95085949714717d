import ArgumentParser
import Jobs

/// `woodshed ctl ACTION [ARG]`: one action to the running instance, then its state in one
/// line; `woodshed ctl status [--json]`. Main thread.
struct CtlSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ctl", help: .ctl)

    @Argument(help: "The action, or status.") var action: String

    @Argument(help: "The action's argument.") var argument: String?

    @Option(name: .long, help: ArgumentHelp("The PID of the instance, when several run.", valueName: "pid")) var instance: Int32?

    @Flag(name: .long, help: "Print the state as JSON (the fields of /woodshed/state).") var json = false

    func run() throws { print(try usage { try CtlRequest(action: action, argument: argument, instance: instance, json: json).run() }) }
}
