import Foundation
import WoodshedCore

// Audacity label tracks (File > Export Other > Export Labels, File > Import > Labels): a text
// file with one label per line, `START<TAB>END<TAB>TEXT`, the times in seconds with six decimals
// ("%.6f"). A point label has START == END. A line starting with a backslash or a tab is a
// label's spectral selection (its low and high frequency) and is skipped.

/// Reading and writing Audacity label tracks. Any thread (pure).
///
/// Sections are written as region labels and read back to the same frames: a frame f at rate r
/// is written as round(f · 10⁶ / r) microseconds, which is within half a microsecond of f / r,
/// so reading it back (round(seconds · r)) lands within r / 2 000 000 of a frame of f (under
/// 0.025 of a frame at 48 kHz), and rounds to f itself for any rate below 1 MHz.
public enum AudacityLabels {
    /// `frame` at `rate` in seconds with six decimals, rounded to the nearest microsecond
    /// (half up), as "%.6f" writes it: frame 44100 at 44100 is "1.000000".
    public static func seconds(frame: Int64, rate: Int) -> String {
        let micro = Int64(ExactMath.roundDiv(Int128(frame) * 1_000_000, Int128(rate)))
        let fraction = String(micro.magnitude % 1_000_000)
        return (micro < 0 ? "-" : "") + "\(micro.magnitude / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// The frame nearest to `nanoseconds` at `rate` (half up).
    public static func frame(nanoseconds: Int64, rate: Int) -> Int64 {
        Int64(ExactMath.roundDiv(Int128(nanoseconds) * Int128(rate), 1_000_000_000))
    }

    /// A label track with one region label per section, in their order, each with its
    /// `label(for:)`.
    public static func data(for sections: [Section], rate: Int) -> Data {
        var text = ""
        for s in sections {
            text += seconds(frame: s.start, rate: rate) + "\t" + seconds(frame: s.end, rate: rate) + "\t" + label(for: s) + "\n"
        }
        return Data(text.utf8)
    }

    /// A section's label: its text (a sentence's words) when it has any, on one line with its
    /// lines joined by " / " as `sections list` shows it, else its name; a tab becomes a space.
    public static func label(for section: Section) -> String {
        let text = (section.text ?? "").split(whereSeparator: \.isNewline).joined(separator: " / ")
        return (text.isEmpty ? section.name : text).replacingOccurrences(of: "\t", with: " ")
    }

    /// The labels of a label track, in the file's order; `source` names the file in errors.
    /// Blank lines and spectral-selection lines are skipped.
    public static func labels(_ data: Data, source: String) throws(TextFileError) -> [AudacityLabel] {
        let lines = try TextFileLines(data, source: source).lines
        var labels: [AudacityLabel] = []
        for (k, line) in lines.enumerated() {
            if line.allSatisfy(\.isWhitespace) || line.hasPrefix("\\") || line.hasPrefix("\t") { continue }
            func fail(_ message: String) -> TextFileError { TextFileError(source: source, line: k + 1, message: message) }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2 else {
                throw fail("expected a label: start and end in seconds and the text, separated by tabs, not '\(line)'")
            }
            guard let start = nanoseconds(fields[0]) else { throw fail("bad time '\(fields[0])'") }
            guard let end = nanoseconds(fields[1]) else { throw fail("bad time '\(fields[1])'") }
            guard end >= start else { throw fail("the label ends (\(fields[1])) before it starts (\(fields[0]))") }
            labels.append(AudacityLabel(start: start, end: end, text: fields.count > 2 ? String(fields[2]) : "", line: k + 1))
        }
        return labels
    }

    /// Seconds as a label track writes them (`12.345678`, `-0.5`; a decimal comma is read too,
    /// as some locales write it), exactly in nanoseconds: at most nine decimals and 10⁹ seconds.
    static func nanoseconds(_ text: Substring) -> Int64? {
        var t = text
        let negative = t.hasPrefix("-")
        if negative { t = t.dropFirst() }
        let parts = t.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "," }
        guard parts.count <= 2, let wholeText = parts.first, !wholeText.isEmpty, wholeText.count <= 10,
              wholeText.allSatisfy({ $0.isASCII && $0.isNumber }), let whole = Int64(wholeText) else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let d = Int64(digits) else { return nil }
            fraction = d
            for _ in digits.count..<9 { fraction *= 10 }
        }
        let ns = whole * 1_000_000_000 + fraction
        return negative ? -ns : ns
    }
}

extension PracticeFile {
    /// The sections the label track `data` gives for this audio, ready to `merge`; `source` names
    /// the file in errors and warnings. A section that takes the place of one with the same name
    /// keeps that one's plan and text: labels carry only where sections are.
    ///
    /// A label written by `labelTrackData` carries its section's text, not its name: a label
    /// whose text is no section's name but is the label of a section (`AudacityLabels.label`)
    /// takes that section's name, so an export, fixed in Audacity, comes back onto the same
    /// sections. Several sections with the same label are taken in their order by the labels
    /// with that text in the file's order; a section whose name is also a label's text is not
    /// taken this way.
    public func labelSections(_ data: Data, source: String) throws(TextFileError) -> AudacityLabelSections {
        var labels = try AudacityLabels.labels(data, source: source)
        let texts = Set(labels.map { $0.text.trimmingWhitespace() })
        var byLabel: [String: [String]] = [:]
        for s in sections where !texts.contains(s.name) { byLabel[AudacityLabels.label(for: s), default: []].append(s.name) }
        for k in labels.indices {
            let text = labels[k].text.trimmingWhitespace()
            if let names = byLabel[text], let name = names.first {
                labels[k].text = name
                byLabel[text]!.removeFirst()
            }
        }
        var result = AudacityLabelSections(labels: labels, source: source, rate: rate, frames: frames)
        result.sections = keepingPlans(result.sections, keepingText: true)
        return result
    }

    /// The sections as an Audacity label track: one region label per section, with its text
    /// when it has any, else its name (`AudacityLabels.label`).
    public func labelTrackData() -> Data {
        AudacityLabels.data(for: sections, rate: rate)
    }
}
