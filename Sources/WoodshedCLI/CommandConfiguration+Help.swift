import ArgumentParser
import Jobs

/// A command's configuration with its words taken from its `CommandHelp` table. Main thread.
extension CommandConfiguration {
    init(commandName: String? = nil, help: CommandHelp, shouldDisplay: Bool = true, subcommands: [any ParsableCommand.Type] = [],
         defaultSubcommand: (any ParsableCommand.Type)? = nil) {
        self.init(commandName: commandName, abstract: help.abstract, discussion: help.discussion, shouldDisplay: shouldDisplay,
                  subcommands: subcommands, defaultSubcommand: defaultSubcommand)
    }
}
