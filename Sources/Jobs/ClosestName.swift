/// A mistyped name (a command, an action): the closest of the known names by edit distance,
/// and the list to pick from. Any thread.
public enum ClosestName {
    /// The name in `names` closest to `word`: at most two edits away (a swap of two neighbouring
    /// letters is one edit), or the only one `word` starts; nil when none is close.
    public static func closest(to word: String, in names: [String]) -> String? {
        let scored = names.map { (name: $0, distance: distance(word, $0)) }
        if let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= min(2, max(1, word.count / 2)) {
            return best.name
        }
        let starting = names.filter { word.count >= 2 && $0.hasPrefix(word) }
        return starting.count == 1 ? starting[0] : nil
    }

    /// Edits from `a` to `b`: insertions, deletions, substitutions and swaps of neighbours
    /// (the optimal string alignment distance).
    public static func distance(_ a: String, _ b: String) -> Int {
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

    /// "a, b or c".
    public static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
