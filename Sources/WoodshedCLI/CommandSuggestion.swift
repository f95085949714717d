import ArgumentParser

/// A mistyped command or action: the closest one by edit distance, or the list to pick from.
/// Main thread (the command tree is walked once, before parsing).
enum CommandSuggestion {
    /// The name in `names` closest to `word`: at most two edits away (a swap of two neighbouring
    /// letters is one edit), or the only one `word` starts; nil when none is close.
    static func closest(to word: String, in names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: distance(word, $0)) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= min(2, max(1, word.count / 2)) {
            return best.name
        }
        let starting = names.filter { word.count >= 2 && $0.hasPrefix(word) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Edits from `a` to `b`: insertions, deletions, substitutions and swaps of neighbours
    /// (the optimal string alignment distance).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }

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
                if let guess = closest(to: word, in: shown) { return (path.count - 1, "\(prefix); did you mean '\(guess)'?") }
                return (path.count - 1, "\(prefix): use " + list(shown))
            }
            subcommands = next.configuration.subcommands
            path.append(word)
        }
        return (path.count - 1, nil)
    }

    /// "a, b or c".
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
