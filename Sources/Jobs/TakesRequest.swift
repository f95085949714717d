/// `woodshed takes FILE list|play N|remove N` as the user gave it: the action and the number
/// checked before the file is read (`check`), then done (`run`). Main thread; `check`: any thread.
public struct TakesRequest: Sendable, Equatable {
    public var file: String
    /// list, play or remove.
    public var action: String
    /// The take's number in the list (play, remove).
    public var number: Int?

    public init(file: String, action: String = "list", number: Int? = nil) {
        self.file = file
        self.action = action
        self.number = number
    }

    /// A problem naming the action or the number when they do not go together.
    public func check() throws(OptionProblem) {
        switch action {
        case "list":
            if number != nil { throw OptionProblem("list takes no number") }
        case "play", "remove":
            guard let number else { throw OptionProblem("\(action) needs the take's number, e.g. woodshed takes FILE \(action) 1") }
            guard number >= 1 else { throw OptionProblem("take \(number) is out of range: takes are numbered from 1") }
        default:
            throw OptionProblem("the action is list, play or remove, not '\(action)'")
        }
    }

    /// Lists the takes, removes one, or plays one on `output` (`debug`: where its diagnostics
    /// go, asked for only then).
    public func run(output: LivePlayOutput, debug: () -> (String) -> Void) throws {
        try check()
        let takes = try TakesActions(audioPath: file)
        switch (action, number) {
        case ("play", let n?): try takes.play(n, output: output, debug: debug())
        case ("remove", let n?): print(try takes.remove(n))
        default: for line in takes.list() { print(line) }
        }
    }
}
