import Foundation
import WoodshedCore

/// Audacity labels turned into sections of one audio file. Any thread (a value).
///
/// - Each label becomes a section, in the file's order; times become the nearest frame.
/// - A region label runs from its start to its end.
/// - A point label (start and end on the same frame) starts a section that runs to the start
///   of the next label in time (the first label that starts later), or to the end of the audio.
/// - A label that starts at or after the end of the audio, or ends at or before its start
///   (point labels: starts before it), is left out; one that runs past either end is cut there.
///   Each is reported in `warnings`.
/// - The label's text, without spaces at either end, is the section's name. A label whose text
///   is empty, is a whole number, or is the name of an earlier label, is named `label K` (K: the
///   label's number in the file; `label K (2)`, `(3)`, … if that is taken), with a warning
///   unless its text was empty.
public struct AudacityLabelSections: Sendable, Equatable {
    public var sections: [Section]
    /// Labels left out, cut or renamed, each naming the file and the line.
    public var warnings: [TextFileWarning]

    /// Cuts `labels` (from the file `source`) into sections of audio with `frames` frames at `rate`.
    public init(labels: [AudacityLabel], source: String, rate: Int, frames: Int64) {
        var warnings: [TextFileWarning] = []
        func time(_ frame: Int64) -> SourceTime { SourceTime.of(frame: frame, rate: rate) }
        let audioEnd = time(frames)
        let starts = labels.map { AudacityLabels.frame(nanoseconds: $0.start, rate: rate) }
        let inside = starts.filter { $0 >= 0 && $0 < frames }.sorted()
        var sections: [Section] = []
        var taken: [String: Int] = [:]
        for (k, label) in labels.enumerated() {
            func warn(_ message: String) { warnings.append(TextFileWarning(source: source, line: label.line, message: "label \(k + 1) " + message)) }
            var start = starts[k]
            var end = AudacityLabels.frame(nanoseconds: label.end, rate: rate)
            let isPoint = start == end
            guard start < frames else {
                warn("starts at \(time(start)), at or after the end of the audio (\(audioEnd)): left out")
                continue
            }
            guard start >= 0 || (!isPoint && end > 0) else {
                warn(isPoint ? "is at \(time(start)), before the start of the audio: left out"
                     : "ends at \(time(end)), at or before the start of the audio: left out")
                continue
            }
            if start < 0 {
                warn("starts at \(time(start)), before the start of the audio: cut there")
                start = 0
            }
            if isPoint {
                end = inside.first { $0 > start } ?? frames
            } else if end > frames {
                warn("ends at \(time(end)), after the end of the audio (\(audioEnd)): cut there")
                end = frames
            }
            let text = label.text.trimmingWhitespace()
            var name = text
            let problem = PracticeFile.nameProblem(text) ?? taken[text].map { "'\(text)' is also the name of label \($0)" }
            if problem != nil {
                name = "label \(k + 1)"
                var n = 2
                while taken[name] != nil {
                    name = "label \(k + 1) (\(n))"
                    n += 1
                }
                if !text.isEmpty { warn("'\(text)': \(problem!): named '\(name)'") }
            }
            taken[name] = k + 1
            sections.append(try! Section(name: name, start: start, end: end))
        }
        self.sections = sections
        self.warnings = warnings
    }
}
