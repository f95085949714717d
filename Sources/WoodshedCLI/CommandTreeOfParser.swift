import ArgumentParser
import Jobs

/// The command tree as ArgumentParser declares it, for `CommandSuggestion`. Main thread.
extension CommandTree {
    init(_ command: any ParsableCommand.Type) {
        let configuration = command.configuration
        self.init(name: configuration.commandName ?? command._commandName, shown: configuration.shouldDisplay,
                  subcommands: { configuration.subcommands.map { CommandTree($0) } })
    }
}
