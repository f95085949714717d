/// Parsing of decimals with up to three places into exact thousandths. Any thread.
enum Decimal3 {
    static func parse(_ text: String, what: String) throws(TimingError) -> Int64 {
        let t = text.trimmingCharacters(in: " \t")
        let parts = t.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !t.isEmpty, parts.count <= 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty))
        else { throw .notANumber(what: what, text: text) }
        let whole = parts[0].isEmpty ? 0 : Int64(parts[0].prefix(9)) ?? 0
        guard parts[0].count <= 7 else { throw .tempoOutOfRange(t) }
        var fracDigits = parts.count == 2 ? String(parts[1]) : ""
        while fracDigits.count > 3, fracDigits.hasSuffix("0") { fracDigits.removeLast() }
        guard fracDigits.count <= 3 else { throw .tooPrecise(what: what, text: text) }
        while fracDigits.count < 3 { fracDigits += "0" }
        return whole * 1000 + (Int64(fracDigits) ?? 0)
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
