import App
import Foundation
import Media
import Persistence
import WoodshedCore

/// The audio file a `woodshed sections` command works on and its practice file, loaded from
/// and saved to the sections store. Main thread.
public struct SectionsSession {
    /// The audio file as the user gave it.
    public let audioPath: String
    public let store: SectionStore
    /// The practice file as loaded; `save` writes only when `file` differs from it.
    public let loaded: PracticeFile
    public var file: PracticeFile

    /// Probes the audio (no decoding), fingerprints it and loads its practice file; writes
    /// nothing. A saved file that does not parse is an error here (the command changes and
    /// shows nothing, and the file is left as it is), unless `acceptingBrokenFile` (`history`
    /// and `restore` work on the backups, and may replace a broken file).
    public init(audioPath: String, store: SectionStore = SectionStore(), acceptingBrokenFile: Bool = false) throws {
        let info: AudioFileInfo
        do {
            info = try AudioFileProbe.info(path: audioPath)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        let opened: PracticeFileLoad
        do {
            opened = try store.open(audioPath: audioPath, frames: info.frames, rate: info.rate)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        if let problem = opened.problem, !acceptingBrokenFile {
            throw ValidationErrorMessage(SectionStore.refusal(problem).description)
        }
        self.audioPath = audioPath
        self.store = store
        loaded = opened.file
        file = opened.file
    }

    /// Saves the file when an action changed it (atomically, keeping 5 backups), keeping what
    /// another program saved meanwhile (see `SectionStore.save(_:since:)`).
    public func saveIfChanged() throws {
        guard file != loaded else { return }
        do {
            try store.save(file, since: loaded)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
    }

    /// One `sections` action: opens the practice file of `audioPath`, runs `action` on it, saves
    /// the file if it changed, and returns the action's report (to print only after the save).
    public static func perform(audioPath: String, store: SectionStore = SectionStore(), acceptingBrokenFile: Bool,
                               _ action: (inout SectionsSession) throws -> String) throws -> String {
        var session = try SectionsSession(audioPath: audioPath, store: store, acceptingBrokenFile: acceptingBrokenFile)
        let report = try action(&session)
        try session.saveIfChanged()
        return report
    }

    /// The time of a source frame, as m:ss.fff.
    public func time(_ frame: Int64) -> String { SourceTime.of(frame: frame, rate: file.rate).description }

    /// The frame of a time the user typed, or a one-line error.
    public func frame(_ text: String) throws -> Int64 {
        do {
            return try SourceTime(parsing: text).frame(rate: file.rate)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
    }

    /// `0:02.000 to 0:06.500 (0:04.500)`.
    public func range(_ s: Section) -> String {
        "\(time(s.start)) to \(time(s.end)) (\(time(s.length)))"
    }

    /// What a merge did: a line per section ("added 's1': 0:01.000 to 0:03.000 (0:02.000); 1
    /// pass, then stop"), then `summary("N things")` + ": A added, R replaced".
    public func mergeReport(_ report: [(name: String, replaced: Bool)], of incoming: [Section],
                     thing: String, summary: (String) -> String) -> String {
        var lines = zip(report, incoming).map { item, s in
            "\(item.replaced ? "replaced" : "added") '\(s.name)': \(range(s)); \(s.plan.summary)"
        }
        let added = report.filter { !$0.replaced }.count
        lines.append("\(summary(plural(report.count, thing))): \(added) added, \(report.count - added) replaced")
        return lines.joined(separator: "\n")
    }

    /// The section a NAME argument picks (by name or number), or a one-line error.
    public func pick(_ reference: String) throws -> (index: Int, section: Section) {
        do {
            return try file.section(reference)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
    }

    /// Runs an edit of the file, turning a refusal into a one-line error.
    public mutating func edit<T>(_ body: (inout PracticeFile) throws(SectionEditError) -> T) throws -> T {
        do throws(SectionEditError) {
            return try body(&file)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
    }
}
