import Jobs
import Testing

/// The command line's words before the parser sees them: a mistyped command named with the
/// closest one, and negative numbers kept as values.
@Suite("Command-line words: mistyped commands and negative numbers")
struct CommandLineWordsTests {
    static var tree: CommandTree {
        CommandTree(name: "woodshed", subcommands: {
            [CommandTree(name: "click"), CommandTree(name: "render-cost", shown: false),
             CommandTree(name: "presets", subcommands: { [CommandTree(name: "list"), CommandTree(name: "show")] })]
        })
    }

    @Test("a command path: how many words name commands, and the closest command to a typo or the list to pick from")
    func commandPath() {
        func path(_ words: [String]) -> String {
            let p = CommandSuggestion.commandPath(of: words, root: Self.tree)
            return "\(p.depth) \(p.problem ?? "-")"
        }
        #expect(path([]) == "0 -")
        #expect(path(["click", "120", "--meter", "7/8"]) == "1 -")
        #expect(path(["presets", "show", "rock"]) == "2 -")
        #expect(path(["presets", "shwo"]) == "1 unknown command 'shwo' for 'woodshed presets'; did you mean 'show'?")
        #expect(path(["clik"]) == "0 unknown command 'clik' for 'woodshed'; did you mean 'click'?")
        #expect(path(["zzzzzz"]) == "0 unknown command 'zzzzzz' for 'woodshed': use click or presets")
        #expect(path(["render-cst"]) == "0 unknown command 'render-cst' for 'woodshed': use click or presets")
        #expect(path(["--version"]) == "0 -")
        #expect(path(["help", "clik"]) == "0 -")
    }

    @Test("negative numbers: values, moved behind -- when a positional is one; options keep their values")
    func negativeNumbers() {
        #expect(NegativeNumbers.isNegativeNumber("-1"))
        #expect(NegativeNumbers.isNegativeNumber("-.5"))
        #expect(NegativeNumbers.isNegativeNumber("-10ms"))
        #expect(!NegativeNumbers.isNegativeNumber("-x"))
        #expect(!NegativeNumbers.isNegativeNumber("--bars"))
        #expect(!NegativeNumbers.isNegativeNumber("-"))
        #expect(NegativeNumbers.protectingPositionals(["x.wav", "-120", "--bars", "4"], flags: [])
                == ["--bars", "4", "--", "x.wav", "-120"])
        #expect(NegativeNumbers.protectingPositionals(["s", "start", "-10ms", "--preview"], flags: ["--preview"])
                == ["--preview", "--", "s", "start", "-10ms"])
        #expect(NegativeNumbers.protectingPositionals(["--level", "-24", "pink"], flags: []) == ["--level", "-24", "pink"])
        #expect(NegativeNumbers.protectingPositionals(["--", "-1"], flags: []) == ["--", "-1"])
    }

    @Test("the words for the parser: a typo is the problem, negative positionals go behind -- (not for sections), --scope spectrum is one flag")
    func wordsForTheParser() {
        let tree = CommandTree(name: "woodshed", subcommands: {
            [CommandTree(name: "render"), CommandTree(name: "sections"), CommandTree(name: "noise")]
        })
        func words(_ w: [String]) -> CommandLineWords { CommandLineWords(w, root: tree, ownNegativeNumbers: ["sections"]) }
        #expect(words(["render", "x.wav", "-120", "--bars", "4"]) == CommandLineWords(["render", "x.wav", "-120", "--bars", "4"], root: tree))
        #expect(words(["render", "x.wav", "-120", "--bars", "4"]).arguments == ["render", "--bars", "4", "--", "x.wav", "-120"])
        #expect(words(["render", "x.wav", "-120"]).problem == nil)
        #expect(words(["sections", "s.wav", "nudge", "a", "start", "-10ms"]).arguments == ["sections", "s.wav", "nudge", "a", "start", "-10ms"])
        #expect(CommandLineWords(["sections", "s.wav", "nudge", "a", "start", "-10ms"], root: tree).arguments
                == ["sections", "--", "s.wav", "nudge", "a", "start", "-10ms"])
        #expect(words(["noise", "pink", "--scope", "spectrum", "--for", "1m"]).arguments == ["noise", "pink", "--scope-spectrum", "--for", "1m"])
        #expect(words(["noise", "pink", "--scope"]).arguments == ["noise", "pink", "--scope"])
        #expect(words(["noise", "--level", "-24", "brown"]).arguments == ["noise", "--level", "-24", "brown"])
        #expect(words(["rendr", "x.wav"]).problem == "unknown command 'rendr' for 'woodshed'; did you mean 'render'?")
        #expect(words(["rendr", "x.wav"]).arguments == ["rendr", "x.wav"])
        #expect(words([]) == CommandLineWords([], root: tree))
        #expect(words([]).arguments.isEmpty && words([]).problem == nil)
    }
}
