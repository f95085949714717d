/// What a live command does with `woodshed:in`: the port to connect to it (`--input`), and
/// for `play` and `shadow` whether your turns are recorded (`--record`) and how many takes of
/// each section or sentence are kept (`--keep`). Any thread (a value).
public struct ListenRequest: Sendable, Equatable {
    /// A JACK audio output port to connect to `woodshed:in` (a microphone); nil: not connected.
    public var input: String?
    public var record = false
    /// `--compare`: after each turn, your take played back (needs `record`).
    public var compare = false
    public var keep = 5

    public init(input: String? = nil, record: Bool = false, compare: Bool = false, keep: Int = 5) {
        self.input = input
        self.record = record
        self.compare = compare
        self.keep = keep
    }

    /// The options given that only JACK has (the ALSA backend has no input port).
    public var jackOnly: [String] {
        var given: [String] = []
        if let input { given.append("--input \(input)") }
        if record { given.append("--record") }
        return given
    }

    /// `--compare` needs `--record`; `--keep` is 1 to 1000; each a one-line problem.
    public func check() throws(OptionProblem) {
        if compare && !record { throw OptionProblem("--compare plays back your takes: give --record too") }
        guard (1...1000).contains(keep) else { throw OptionProblem("--keep \(keep) is out of range: use 1 to 1000") }
    }
}
