/// The words of a `woodshed` command line as the parser is to read them: a mistyped command is a
/// one-line problem (`CommandSuggestion`), a negative number given as a positional argument
/// (`render x.wav -120`) is moved behind "--" to reach the command as a value (`NegativeNumbers`),
/// and `--scope spectrum` (the word after the flag) becomes `--scope-spectrum`. Any thread (a value).
public struct CommandLineWords: Equatable, Sendable {
    /// The words for the parser (without the program's name).
    public let arguments: [String]
    /// The mistyped command, in words; nil when the command path is right.
    public let problem: String?

    /// `words`: the command line without the program's name; `root`: the command tree.
    /// Commands named in `ownNegativeNumbers` (`sections`) arrange their negative numbers themselves.
    public init(_ words: [String], root: CommandTree, ownNegativeNumbers: Set<String> = []) {
        var arguments = words
        let path = CommandSuggestion.commandPath(of: words, root: root)
        problem = path.problem
        if path.depth > 0, !ownNegativeNumbers.contains(words[0]) {
            arguments = Array(words[..<path.depth]) + NegativeNumbers.protectingPositionals(Array(words[path.depth...]), flags: [])
        }
        if let k = arguments.indices.dropLast().first(where: { arguments[$0] == "--scope" && arguments[$0 + 1] == "spectrum" }) {
            arguments.replaceSubrange(k...(k + 1), with: ["--scope-spectrum"])
        }
        self.arguments = arguments
    }
}
