import Foundation
import WoodshedCore

/// Reads klick 0.12.2 tempo map files into a `TempoMap`. Any thread.
///
/// One entry per line, as klick's regular expression has it:
///
///     [label:] bars [beats/denom] tempo[-tempo2 | ,t1,t2,...] [pattern] [volume]   # comment
///
/// - `bars` is 1 or more; the meter is 4/4 unless the line gives one (it is not carried over).
/// - `tempo-tempo2` ramps over the line's bars; `t1,t2,...` gives one tempo per beat (bars ×
///   beats values). Tempos are exact: at most three decimal places, 1 to 1000 BPM.
/// - The pattern has one letter per beat: `X` accent, `x` normal, `.` silent (default `Xxx…`).
/// - The volume is a number, 1.0 unless given.
/// - `#` starts a comment anywhere; blank lines are ignored; Windows line ends are accepted.
///
/// Where klick says "malformed tempomap entry", the error names the part that is wrong. One bad
/// line fails the whole file: nothing is produced.
public enum KlickMapParser {
    static let form = "write [label:] bars [beats/denom] tempo [pattern] [volume]"
    static let maxBars = 1_000_000

    /// Reads and parses a tempo map file (disk I/O: not on the render thread); errors name it by
    /// the path as the user gave it.
    public static func parse(contentsOf url: URL) throws(MapFileError) -> TempoMap {
        let name = url.relativePath
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw MapFileError(file: name, message: exists ? "can't read the file" : "no such file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw MapFileError(file: name, message: "not a text file (UTF-8)")
        }
        return try parse(text: text, fileName: name)
    }

    /// Parses the text of a tempo map; `fileName` is only used in error messages.
    public static func parse(text: String, fileName: String) throws(MapFileError) -> TempoMap {
        var entries: [TempoMapEntry] = []
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated() {
            do throws(MapFileError) {
                if let entry = try entry(line) { entries.append(entry) }
            } catch {
                throw MapFileError(file: fileName, line: index + 1, message: error.message)
            }
        }
        guard !entries.isEmpty else {
            throw MapFileError(file: fileName, message: "no tempo map entries: every line is blank or a comment")
        }
        return TempoMap(entries: entries)
    }

    /// One line: nil when it is blank or only a comment.
    static func entry(_ line: Substring) throws(MapFileError) -> TempoMapEntry? {
        func bad(_ message: String) -> MapFileError { MapFileError(file: nil, message: message) }
        var words = line.prefix { $0 != "#" }.split { $0 == " " || $0 == "\t" }[...]
        guard var word = words.popFirst() else { return nil }

        var label: String?
        if let colon = word.firstIndex(of: ":") {
            let name = word[..<colon]
            guard !name.isEmpty else { throw bad("a label needs a name before ':'") }
            guard KlickSyntax.isLabel(name) else { throw bad("label '\(name)' may only use letters, digits, '_' and '-'") }
            label = String(name)
            word = word[word.index(after: colon)...]
            if word.isEmpty {
                guard let next = words.popFirst() else { throw bad("the bars and tempo are missing: \(form)") }
                word = next
            }
        }

        guard KlickSyntax.isWholeNumber(word) else { throw bad("bars '\(word)' is not a whole number: \(form)") }
        guard let bars = Int(word), (1...maxBars).contains(bars) else {
            throw bad("bars \(word) is out of range: use 1 to \(maxBars)")
        }

        var meter = Meter.fourFour
        if let next = words.first, next.contains("/") {
            words.removeFirst()
            let parts = next.split(separator: "/", omittingEmptySubsequences: false)
            do throws(TimingError) {
                guard parts.count == 2, parts.allSatisfy(KlickSyntax.isWholeNumber) else { throw TimingError.badMeter(String(next)) }
                meter = try Meter(parsing: String(next))
            } catch { throw bad(error.description) }
        }

        guard let tempoWord = words.popFirst() else { throw bad("the tempo is missing: \(form)") }
        let tempo: TempoCurve
        switch KlickSyntax.tempoText(tempoWord) {
        case .single(let t):
            tempo = .constant(try KlickSyntax.tempo(t))
        case .ramp(let t1, let t2):
            tempo = .from(try KlickSyntax.tempo(t1), to: try KlickSyntax.tempo(t2))
        case .list(let list):
            let beats = bars * meter.beats
            guard list.count == beats else {
                throw bad("\(list.count) tempo values for \(bars) bar\(bars == 1 ? "" : "s") of \(meter), " +
                          "which \(bars == 1 ? "has" : "have") \(beats) beats: give one per beat")
            }
            var tempi: [Tempo] = []
            for t in list { tempi.append(try KlickSyntax.tempo(t)) }
            tempo = .perBeat(tempi)
        case nil:
            throw bad("tempo '\(tempoWord)' is not valid: write 120, 80-160 (a ramp) or 120,122,... (one per beat)")
        }

        var pattern: ClickPattern?
        var volume: Float?
        for word in words {
            if pattern == nil, volume == nil, KlickSyntax.isPattern(word) {
                guard word.count == meter.beats else {
                    throw bad("pattern '\(word)' has \(word.count) steps; a bar of \(meter) has \(meter.beats)")
                }
                pattern = ClickPattern(steps: word.map { ClickLevel(letter: $0)! })
            } else if volume == nil, KlickSyntax.isNumber(word) {
                guard let v = Float(word), v.isFinite else { throw bad("volume \(word) is too large") }
                volume = v
            } else if KlickSyntax.isPattern(word) || KlickSyntax.isNumber(word) {
                throw bad("'\(word)' is out of place: \(form)")
            } else {
                throw bad("'\(word)' is neither a pattern (X accent, x normal, . silent) nor a volume")
            }
        }
        return TempoMapEntry(label: label, bars: bars, meter: meter, tempo: tempo, pattern: pattern, volume: volume ?? 1)
    }
}
