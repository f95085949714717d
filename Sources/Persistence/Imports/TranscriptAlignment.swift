/// The sentences of a transcript given, in order, to the sections split on silence: a
/// monotone alignment by text length against speech duration. Any thread (a value).
///
/// Each section gets a run of 0 to `longestRun` (4) consecutive sentences, every sentence goes to
/// one section, and the order is kept. Lengths are compared as shares: a run's characters
/// (spaces left out) over all the transcript's, against the section's frames over all the
/// sections'; both scaled so that the mean section is 1 (`x`, `y`). A run of k ≥ 1 sentences
/// costs (x − y)² / (x + y) + (k − 1)·`joinCost`; a section left without text costs `emptyCost`
/// whatever its length (speech the transcript lacks, not a mismatch); the alignment is the one
/// of least cost. So with more sentences than sections, neighbours are joined where a section
/// is long for its text; with fewer, the sections without text are the ones whose length the
/// text does not need.
public struct TranscriptAlignment: Sendable, Equatable {
    /// Per section, the sentences it got, joined by a space; nil when it got none.
    public var texts: [String?]

    /// The most sentences one section can take.
    public static let longestRun = 4
    static let emptyCost = 0.3
    static let joinCost = 0.3

    /// The sections that got more than one sentence: (section index, how many).
    public var joined: [(section: Int, sentences: Int)]
    /// The sections that got none.
    public var empty: [Int] { texts.indices.filter { texts[$0] == nil } }

    public static func == (a: TranscriptAlignment, b: TranscriptAlignment) -> Bool {
        a.texts == b.texts && a.joined.map(\.section) == b.joined.map(\.section) && a.joined.map(\.sentences) == b.joined.map(\.sentences)
    }

    /// `sentences` onto sections of `lengths` frames each (in order, all more than 0). With more
    /// than `longestRun` sentences per section the last section takes the rest.
    ///
    /// Shares are of the whole: when much of the speech has no text (a third or more), the
    /// others' shares grow, and sentences may land on longer sections than their own.
    public init(sentences: [String], lengths: [Int64]) {
        let runs = Self.runs(sentences: sentences, lengths: lengths)
        var texts = [String?](repeating: nil, count: lengths.count)
        var joined: [(Int, Int)] = []
        var i = 0
        for (j, k) in runs.enumerated() {
            if k > 0 { texts[j] = sentences[i..<(i + k)].joined(separator: " ") }
            if k > 1 { joined.append((j, k)) }
            i += k
        }
        self.texts = texts
        self.joined = joined
    }

    /// How many sentences each section takes, at the least cost.
    static func runs(sentences: [String], lengths: [Int64]) -> [Int] {
        let m = lengths.count, n = sentences.count
        guard m > 0 else { return [] }
        let chars = sentences.map { Double($0.filter { !$0.isWhitespace }.count) }
        var prefix = [0.0]
        for c in chars { prefix.append(prefix.last! + c) }
        let totalChars = max(prefix.last!, 1)
        let totalFrames = Double(max(lengths.reduce(0, +), 1))
        let scale = Double(m)
        func cost(_ k: Int, _ i: Int, _ j: Int) -> Double {
            // Sentences i-k..<i onto section j.
            let x = (prefix[i] - prefix[i - k]) / totalChars * scale
            let y = Double(lengths[j]) / totalFrames * scale
            // A section without text is not a mismatch of lengths: speech the transcript lacks.
            guard k > 0 else { return Self.emptyCost }
            return (x - y) * (x - y) / (x + y) + Double(k - 1) * Self.joinCost
        }
        // best[j][i]: the least cost of the first i sentences on the first j sections.
        let infinity = Double.infinity
        var best = [[Double]](repeating: [Double](repeating: infinity, count: n + 1), count: m + 1)
        var run = [[Int]](repeating: [Int](repeating: 0, count: n + 1), count: m + 1)
        best[0][0] = 0
        for j in 1...m {
            let last = j == m
            for i in 0...n {
                let most = last ? i : min(i, Self.longestRun)
                for k in stride(from: most, through: 0, by: -1) where best[j - 1][i - k] < infinity {
                    let c = best[j - 1][i - k] + cost(k, i, j - 1)
                    if c < best[j][i] { best[j][i] = c; run[j][i] = k }
                }
            }
        }
        var runs = [Int](repeating: 0, count: m)
        var i = n
        for j in stride(from: m, through: 1, by: -1) {
            runs[j - 1] = run[j][i]
            i -= run[j][i]
        }
        return runs
    }
}
