import WoodshedCore

/// The small pieces of klick's tempo-map syntax shared by files and the command line. Any thread.
enum KlickSyntax {
    /// klick's number: `120`, `120.`, `97.5` or `.5` (no sign, no exponent).
    static func isNumber(_ s: Substring) -> Bool {
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return false }
        return !parts[0].isEmpty || (parts.count == 2 && !parts[1].isEmpty)
    }

    /// A klick number in exact thousandths; nil with more than three decimals or 10^9 and more.
    static func thousandths(_ s: Substring) -> Int64? {
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        while fraction.count > 3, fraction.hasSuffix("0") { fraction.removeLast() }
        guard fraction.count <= 3, parts[0].count <= 9 else { return nil }
        fraction += String(repeating: "0", count: 3 - fraction.count)
        return (Int64(parts[0]) ?? 0) * 1000 + (Int64(fraction) ?? 0)
    }

    /// klick's whole number: ASCII digits only.
    static func isWholeNumber(_ s: Substring) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A label before its colon: letters, digits, `_` and `-`.
    static func isLabel(_ s: Substring) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    /// klick's pattern: `X` accent, `x` normal, `.` silent.
    static func isPattern(_ s: Substring) -> Bool {
        !s.isEmpty && s.allSatisfy { $0 == "X" || $0 == "x" || $0 == "." }
    }

    /// klick's tempo forms: `120`, `80-160`, or `120,121,122` (one per beat). Any thread.
    enum TempoText {
        case single(Substring)
        case ramp(Substring, Substring)
        case list([Substring])
    }

    static func tempoText(_ s: Substring) -> TempoText? {
        let ramp = s.split(separator: "-", omittingEmptySubsequences: false)
        if ramp.count == 2 {
            return isNumber(ramp[0]) && isNumber(ramp[1]) ? .ramp(ramp[0], ramp[1]) : nil
        }
        let list = s.split(separator: ",", omittingEmptySubsequences: false)
        guard list.allSatisfy(isNumber) else { return nil }
        return list.count == 1 ? .single(list[0]) : .list(list)
    }

    /// An exact tempo (at most three decimal places, 1–1000 BPM).
    static func tempo(_ s: Substring) throws(MapFileError) -> Tempo {
        do { return try Tempo(parsing: String(s)) } catch { throw MapFileError(file: nil, message: error.description) }
    }
}
