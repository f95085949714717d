import Foundation
import WoodshedCore

/// Subtitle cues cut into sections of one audio file: one section per cue, in time order, each
/// with its cue's text. Any thread (a value).
///
/// - Times become the nearest frame at the audio's rate.
/// - A cue that starts at or after the end of the audio is left out, and one that ends after it
///   is cut at the end; both are reported in `warnings`, never kept silently. An empty cue
///   (it ends where it starts) is left out and reported too.
/// - Cues that start on the same frame become one section: their texts are joined with "\n"
///   and it ends where the longest of them does.
/// - Where cues overlap, the earlier one is cut at the later one's start, so the sections are
///   consecutive. (A cue inside a longer one cuts it: the longer cue's rest is not played.)
/// - The sections are named `s1`, `s2`, … in time order, and play once (the default plan).
public struct SubtitleSections: Sendable, Equatable {
    public var sections: [Section]
    /// Cues left out or cut, each naming the file and the line of the cue's times.
    public var warnings: [TextFileWarning]
    /// Why there is no section when the file gave no cue at all (`SubtitleCues.nothingRead`);
    /// nil when it gave some.
    public var nothingRead: String?

    /// The names: `s` and the section's 1-based number in time order.
    public static func name(_ number: Int) -> String { "s\(number)" }

    /// Cuts `cues` (from the file `source`) into sections of audio with `frames` frames at `rate`.
    public init(cues: [SubtitleCue], source: String, rate: Int, frames: Int64) {
        var warnings: [TextFileWarning] = []
        let audioEnd = SourceTime.of(frame: frames, rate: rate)
        var kept: [(start: Int64, end: Int64, text: String)] = []
        for (k, cue) in cues.enumerated() {
            func warn(_ message: String) { warnings.append(TextFileWarning(source: source, line: cue.line, message: "cue \(k + 1) " + message)) }
            let start = cue.start.frame(rate: rate)
            var end = cue.end.frame(rate: rate)
            guard start < frames else {
                warn("starts at \(cue.start), at or after the end of the audio (\(audioEnd)): left out")
                continue
            }
            if end > frames {
                warn("ends at \(cue.end), after the end of the audio (\(audioEnd)): cut there")
                end = frames
            }
            guard end > start else {
                warn("is empty (it starts and ends at \(cue.start)): left out")
                continue
            }
            kept.append((start, end, cue.text))
        }
        kept = kept.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        var merged: [(start: Int64, end: Int64, text: String)] = []
        for cue in kept {
            if let last = merged.last, last.start == cue.start {
                merged[merged.count - 1].end = max(last.end, cue.end)
                merged[merged.count - 1].text = [last.text, cue.text].filter { !$0.isEmpty }.joined(separator: "\n")
            } else {
                merged.append(cue)
            }
        }
        var sections: [Section] = []
        for (i, cue) in merged.enumerated() {
            let end = i + 1 < merged.count ? min(cue.end, merged[i + 1].start) : cue.end
            // start < end: starts are distinct and increasing, and every cue has a length.
            sections.append(try! Section(name: SubtitleSections.name(i + 1), start: cue.start, end: end,
                                         text: cue.text.isEmpty ? nil : cue.text))
        }
        self.sections = sections
        self.warnings = warnings
    }
}

extension PracticeFile {
    /// The sections the subtitle file `data` gives for this audio, ready to `merge`; `source`
    /// names the file in errors and warnings. A section that takes the place of one with the
    /// same name keeps that one's plan (a re-import moves the cuts and updates the text). The
    /// warnings are the file's (cues skipped, the encoding), then the audio's (cues cut or left
    /// out).
    public func subtitleSections(_ data: Data, format: SubtitleFormat, source: String) throws(TextFileError) -> SubtitleSections {
        let read = try SubtitleParser.read(data, format: format, source: source)
        var result = SubtitleSections(cues: read.cues, source: source, rate: rate, frames: frames)
        result.sections = keepingPlans(result.sections, keepingText: false)
        result.warnings = read.warnings + result.warnings
        result.nothingRead = read.nothingRead
        return result
    }
}
