import ArgumentParser
import Jobs

/// A mistyped command: the closest one by edit distance (`ClosestName`), or the list to pick from.
/// Main thread (the command tree is walked once, before parsing).
enum CommandSuggestion {
    /// How many of the first `arguments` name commands, and the problem when the next word
    /// should name one and does not: "unknown command 'shwo' for 'woodshed presets'; did you
    /// mean 'show'?", or the list of commands when none is close. A word starting with "-" ends
    /// the walk (options are ArgumentParser's to check), as does `help`. Only commands with
    /// subcommands are checked, and their default subcommand (`presets` → `list`) takes no
    /// words of its own, so any other word there is a typo.
    static func commandPath(of arguments: [String], root: any ParsableCommand.Type) -> (depth: Int, problem: String?) {
        var subcommands = root.configuration.subcommands
        var path = ["woodshed"]
        for word in arguments {
            guard !subcommands.isEmpty, !word.hasPrefix("-"), word != "help" else { return (path.count - 1, nil) }
            var names: [String] = [], shown: [String] = []
            var next: (any ParsableCommand.Type)?
            for sub in subcommands {
                let configuration = sub.configuration
                let name = configuration.commandName ?? sub._commandName
                names.append(name)
                if configuration.shouldDisplay { shown.append(name) }
                if name == word { next = sub }
            }
            guard let next else {
                let prefix = "unknown command '\(word)' for '\(path.joined(separator: " "))'"
                if let guess = ClosestName.closest(to: word, in: shown) { return (path.count - 1, "\(prefix); did you mean '\(guess)'?") }
                return (path.count - 1, "\(prefix): use " + ClosestName.list(shown))
            }
            subcommands = next.configuration.subcommands
            path.append(word)
        }
        return (path.count - 1, nil)
    }
}
