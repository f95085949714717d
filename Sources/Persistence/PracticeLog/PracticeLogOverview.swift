import Foundation

/// Everything `woodshed log` says about a set of entries: the totals per audio file
/// (`PracticeLogSummary`), where the time went (`PracticeLogTimes`), the days and the streak
/// (`PracticeLogDays`) and the weak spots (`PracticeLogWeakSpots`), and all of it as JSON
/// (`woodshed log --json`). Any thread (a value).
public struct PracticeLogOverview: Sendable, Equatable {
    /// The totals of the `play` and `shadow` entries, per file.
    public var summary: PracticeLogSummary
    public var times: PracticeLogTimes
    public var days: PracticeLogDays
    public var weakSpots: PracticeLogWeakSpots

    /// `entries` in the log's order; `now` and `timeZone` place today and the days.
    public init(entries: [PracticeLogEntry], now: Date, timeZone: TimeZone = .current) {
        summary = PracticeLogSummary(entries: entries.filter { $0.mode.hasFile }, timeZone: timeZone)
        times = PracticeLogTimes(entries: entries)
        days = PracticeLogDays(entries: entries, now: now, timeZone: timeZone)
        weakSpots = PracticeLogWeakSpots(entries: entries, now: now)
    }

    /// The overview as a JSON document (two-space indent, ending in a newline). Times are in
    /// seconds (with up to three decimals), tempos in BPM:
    ///
    ///     {"files": [{"file", "seconds", "sections": [{"section", "seconds", "passes"}]}],
    ///      "click": {"seconds", "tempos": [{"tempo", "seconds"}], "songs": [{"setlist", "song", "seconds"}]},
    ///      "noise": {"seconds"},
    ///      "listen": {"seconds"},
    ///      "days": [{"date", "seconds", "modes": {"click", "play", "shadow", "noise", "listen"}}],
    ///      "streak": {"days", "through"},
    ///      "weakSpots": [{"file", "section", "cuts", "again", "slower"}]}
    ///
    /// `through` is `null` when the streak is 0; a day's `modes` holds only the modes practised.
    public var jsonText: String {
        func seconds(_ ms: Int64) -> OrderedJSON { .thousandths(ms) }
        let files: [OrderedJSON] = times.files.map { f in
            .object([("file", .text(f.file)), ("seconds", seconds(f.milliseconds)),
                     ("sections", .list(f.sections.map { s in
                         .object([("section", .text(s.section)), ("seconds", seconds(s.milliseconds)), ("passes", .integer(s.passes))])
                     }))])
        }
        let click: OrderedJSON = .object([
            ("seconds", seconds(times.clickMilliseconds)),
            ("tempos", .list(times.tempos.map { .object([("tempo", .thousandths($0.milliBPM)), ("seconds", seconds($0.milliseconds))]) })),
            ("songs", .list(times.songs.map {
                .object([("setlist", .text($0.setlist)), ("song", .text($0.song)), ("seconds", seconds($0.milliseconds))])
            })),
        ])
        let dayList: [OrderedJSON] = days.days.map { d in
            .object([("date", .text(d.date)), ("seconds", seconds(d.milliseconds)),
                     ("modes", .object(d.modes.map { ($0.mode.rawValue, seconds($0.milliseconds)) }))])
        }
        let spots: [OrderedJSON] = weakSpots.spots.map { s in
            .object([("file", .text(s.file)), ("section", .text(s.section)), ("cuts", .integer(s.cuts)),
                     ("again", .integer(s.again)), ("slower", .integer(s.slower))])
        }
        return OrderedJSON.object([
            ("files", .list(files)),
            ("click", click),
            ("noise", .object([("seconds", seconds(times.noiseMilliseconds))])),
            ("listen", .object([("seconds", seconds(times.listenMilliseconds))])),
            ("days", .list(dayList)),
            ("streak", .object([("days", .integer(days.streak)), ("through", days.streakThrough.map { .text($0) } ?? .number("null"))])),
            ("weakSpots", .list(spots)),
        ]).fileText
    }
}
