/// Negative numbers on a command line ("-1", "-0.5", "-10ms"): values, never options (no
/// option of woodshed starts with a digit). Any thread.
///
/// Options take them through `parsing: .unconditional`; a positional argument can only take
/// one behind "--", which is what `protectingPositionals` arranges.
public enum NegativeNumbers {
    /// "-" followed by a digit, or by "." and a digit.
    public static func isNegativeNumber(_ word: String) -> Bool {
        var rest = Substring(word)
        guard rest.popFirst() == "-" else { return false }
        if rest.first == "." { rest = rest.dropFirst() }
        return rest.first.map { $0.isASCII && $0.isNumber } ?? false
    }

    /// The words with the positional arguments behind "--" when one of them is a negative
    /// number, so that ArgumentParser reads it as a value: the options (with their values)
    /// first, in their order, then "--" and the positionals in theirs. An option takes the word
    /// after it as its value (a negative number included) unless it is in `flags`, is written
    /// `--name=value`, or that word is an option itself. Words that need nothing, or already
    /// hold "--", are returned as they are.
    public static func protectingPositionals(_ words: [String], flags: Set<String>) -> [String] {
        guard !words.contains("--") else { return words }
        func isOption(_ w: String) -> Bool { w.hasPrefix("-") && w.count > 1 && !isNegativeNumber(w) }
        var options: [String] = [], positionals: [String] = []
        var i = 0
        while i < words.count {
            let w = words[i]
            if isOption(w) {
                options.append(w)
                if !w.contains("="), !flags.contains(w), i + 1 < words.count, !isOption(words[i + 1]) {
                    i += 1
                    options.append(words[i])
                }
            } else {
                positionals.append(w)
            }
            i += 1
        }
        guard positionals.contains(where: isNegativeNumber) else { return words }
        return options + ["--"] + positionals
    }
}
