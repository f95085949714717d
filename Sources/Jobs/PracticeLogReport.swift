import App
import Foundation
import Persistence
import WoodshedCore

/// `woodshed log`: the practice log summed up — per audio file and section, the click and the
/// noise, per day (local time), the streak and the weak spots — for the last `days` or one
/// `file` when given; as text, or as JSON (`--json`). Main thread.
public struct PracticeLogReport: Sendable {
    /// Only the last N days (N × 24 hours back from `now`).
    public var days: Int?
    /// Only this audio file (its path as the user gave it).
    public var file: String?
    /// The overview as JSON (`PracticeLogOverview.jsonText`) instead of text.
    public var json: Bool
    /// `--tinnitus [--target T]`: the notched listening per day against this daily target, in
    /// whole minutes, instead of the overview; nil: the overview.
    public var tinnitusTargetMinutes: Int?

    public init(days: Int? = nil, file: String? = nil, json: Bool = false, tinnitusTargetMinutes: Int? = nil) {
        self.days = days
        self.file = file
        self.json = json
        self.tinnitusTargetMinutes = tinnitusTargetMinutes
    }

    /// Reads `log` and returns the warnings about lines it could not read ("Warning: " is the
    /// caller's) and the text to print; days are calendar days in `timeZone`.
    public func make(log: PracticeLog = PracticeLog(), now: Date = Date(),
                     timeZone: TimeZone = .current) throws -> (warnings: [String], text: String) {
        let contents: PracticeLogContents
        do {
            contents = try log.read()
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        let warnings = contents.warnings.map { "\($0)" }
        var entries = contents.entries
        var scope: [String] = []
        if let days {
            let since = now.addingTimeInterval(-Double(days) * 86_400)
            entries = entries.filter { $0.date >= since }
            scope.append("in the last \(plural(days, "day"))")
        }
        if let file {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            entries = entries.filter { $0.file == path }
            scope.append("with \(path)")
        }
        if let tinnitusTargetMinutes {
            return (warnings, Self.notchedText(entries: entries, targetMinutes: tinnitusTargetMinutes, json: json, timeZone: timeZone))
        }
        let overview = PracticeLogOverview(entries: entries, now: now, timeZone: timeZone)
        if json { return (warnings, String(overview.jsonText.dropLast())) }
        guard !entries.isEmpty else {
            return (warnings, contents.entries.isEmpty ? "nothing practised yet (the log is \(log.url.path))"
                                                       : "nothing practised " + scope.joined(separator: " "))
        }
        let summary = overview.summary
        var blocks = summary.files.map { f in
            Self.block(f.file, f.totals, showFile: false)
                + Self.sectionRows(overview.times.files.first { $0.file == f.file }?.sections ?? [])
        }
        if summary.files.count > 1 {
            blocks.append(Self.block("all \(summary.files.count) files", summary.overall, showFile: true))
        }
        if entries.contains(where: { $0.mode == .click }) { blocks.append(Self.clickBlock(overview.times)) }
        if entries.contains(where: { $0.mode == .noise }) {
            blocks.append("noise\n" + Self.row("time spent", Self.duration(overview.times.noiseMilliseconds)))
        }
        if entries.contains(where: { $0.mode == .listen }) {
            blocks.append("listen (playlists)\n" + Self.row("time spent", Self.duration(overview.times.listenMilliseconds)))
        }
        blocks.append(Self.daysBlock(overview.days))
        blocks.append(Self.weakSpotsBlock(overview.weakSpots))
        return (warnings, blocks.joined(separator: "\n\n"))
    }

    /// One row of a block: `  time spent     0:12:30`.
    static func row(_ label: String, _ value: String) -> String {
        "  " + label.padding(toLength: max(15, label.count + 1), withPad: " ", startingAt: 0) + value
    }

    /// The rows under a file's block: each section's time and passes, in the order first practised.
    ///
    ///       time per section
    ///         's1'         0:01:02 (3 passes)
    static func sectionRows(_ sections: [PracticeLogTimes.SectionTime]) -> String {
        guard !sections.isEmpty else { return "" }
        return "\n  time per section" + sections.map { s in
            let name = "'\(s.section)'"
            return "\n    " + name.padding(toLength: max(13, name.count + 1), withPad: " ", startingAt: 0)
                + "\(duration(s.milliseconds)) (\(plural(s.passes, "pass", "passes")))"
        }.joined()
    }

    /// The click's time, per tempo and per setlist song.
    ///
    ///     click
    ///       time spent     0:10:00
    ///       tempos         120 BPM 0:04:00 · 132 BPM 0:06:00
    ///       songs          'Intro' (gig) 0:04:00 · 'Outro' (gig) 0:06:00
    static func clickBlock(_ t: PracticeLogTimes) -> String {
        var rows = [row("time spent", duration(t.clickMilliseconds)),
                    row("tempos", t.tempos.map { "\((try? Tempo(milliBPM: $0.milliBPM)).map { "\($0)" } ?? "?") BPM \(duration($0.milliseconds))" }.joined(separator: " · "))]
        if !t.songs.isEmpty {
            rows.append(row("songs", t.songs.map { "'\($0.song)' (\($0.setlist)) \(duration($0.milliseconds))" }.joined(separator: " · ")))
        }
        return (["click"] + rows).joined(separator: "\n")
    }

    /// A line per day with practice, then the streak.
    ///
    ///     days (local time)
    ///       2025-03-01     0:12:30  click 0:10:00 · play 0:02:30
    ///     streak           2 days of 5 minutes or more, through 2025-03-01
    static func daysBlock(_ d: PracticeLogDays) -> String {
        var lines = ["days (local time)"]
        for day in d.days {
            lines.append(row(day.date, duration(day.milliseconds) + "  "
                                + day.modes.map { "\($0.mode.rawValue) \(duration($0.milliseconds))" }.joined(separator: " · ")))
        }
        let minimum = "of \(PracticeLogDays.streakMinimum / 60_000) minutes or more"
        lines.append("streak".padding(toLength: 17, withPad: " ", startingAt: 0)
                     + (d.streakThrough.map { "\(plural(d.streak, "day")) \(minimum), through \($0)" } ?? "0 days \(minimum)"))
        return lines.joined(separator: "\n")
    }

    /// The sections with the most trouble in the last 14 days.
    ///
    ///     weak spots (last 14 days)
    ///       's2' in song.wav  2 bad cuts · again 3× · slower 1×
    static func weakSpotsBlock(_ w: PracticeLogWeakSpots) -> String {
        let title = "weak spots (last \(PracticeLogWeakSpots.days) days)"
        guard !w.spots.isEmpty else { return title + "\n  none: no bad cuts, agains or slower passes" }
        return ([title] + w.spots.map { s in
            var parts: [String] = []
            if s.cuts > 0 { parts.append(plural(s.cuts, "bad cut")) }
            if s.again > 0 { parts.append("again \(s.again)×") }
            if s.slower > 0 { parts.append("slower \(s.slower)×") }
            return "  '\(s.section)' in \(URL(fileURLWithPath: s.file).lastPathComponent)  " + parts.joined(separator: " · ")
        }).joined(separator: "\n")
    }

    /// A title line, then one line per total:
    ///
    ///     /home/me/lesson.mp3
    ///       time spent     0:12:30
    ///       sessions       3, on 2 days
    ///       sections       14 (52 passes)
    ///       most repeated  's4' (9 passes)
    static func block(_ title: String, _ t: PracticeLogSummary.Totals, showFile: Bool) -> String {
        var rows = [
            ("time spent", duration(t.milliseconds)),
            ("sessions", "\(t.sessions), on \(plural(t.days, "day"))"),
            ("sections", "\(t.sections) (\(plural(t.passes, "pass", "passes")))"),
        ]
        if let m = t.mostRepeated {
            let place = showFile ? " in \(URL(fileURLWithPath: m.file).lastPathComponent)" : ""
            rows.append(("most repeated", "'\(m.section)'\(place) (\(plural(m.passes, "pass", "passes")))"))
        }
        return ([title] + rows.map { "  " + $0.0.padding(toLength: 15, withPad: " ", startingAt: 0) + $0.1 }).joined(separator: "\n")
    }

    /// Milliseconds as h:mm:ss, rounded to the nearest second (half up).
    static func duration(_ milliseconds: Int64) -> String {
        ClockText.hours(Int((milliseconds + 500) / 1000))
    }
}
