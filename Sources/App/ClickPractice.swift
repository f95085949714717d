import Foundation
import Persistence

/// The click's practice: the time it ran (not while stopped), per setlist song, turned into
/// practice-log entries (`click`: the tempo at the end of the stretch, the song). Control thread
/// (owned by `MetronomeController`).
public struct ClickPractice: Sendable {
    /// The setlist's title or file name, when `--setlist` runs.
    public let setlist: String?
    private var runningSince: Double?
    private var ran = 0.0
    private var song: String?
    private var milliBPM: Int64 = 0

    public init(setlist: String?) {
        self.setlist = setlist
    }

    /// The click as seen now: running or not, the setlist's song (nil without a setlist), the
    /// tempo. When the song changed, returns the entry for the time the click ran for the
    /// previous one (if it ran at all).
    public mutating func observe(running: Bool, song: String?, milliBPM: Int64, now: Double, date: Date) -> PracticeLogEntry? {
        var ended: PracticeLogEntry?
        if song != self.song {
            ended = finish(now: now, date: date)
            self.song = song
        }
        if running && runningSince == nil { runningSince = now }
        if !running, let since = runningSince { ran += now - since; runningSince = nil }
        self.milliBPM = milliBPM
        return ended
    }

    /// The entry for the time run since the last one, or nil when the click did not run.
    public mutating func finish(now: Double, date: Date) -> PracticeLogEntry? {
        if let since = runningSince { ran += now - since; runningSince = now }
        let milliseconds = Int64((ran * 1000).rounded())
        ran = 0
        guard milliseconds > 0, milliBPM > 0 else { return nil }
        return .click(date: date, milliBPM: milliBPM, milliseconds: milliseconds, setlist: song == nil ? nil : setlist, song: song)
    }
}
