import Foundation

/// The sections and sentences that gave the most trouble lately: moved as a bad cut, asked for
/// again, or asked for slower most often. Any thread (a value).
///
/// Over the entries of `play` and `shadow` that ended in the last `days` (14) days before now,
/// per section (its file and name): `cuts`, `again` and `slower` are added up; a section's
/// trouble is their sum. The sections with any trouble, the most first (the most recently
/// practised first among equals), at most `limit` (5).
public struct PracticeLogWeakSpots: Sendable, Equatable {
    /// One section's trouble.
    public struct Spot: Sendable, Equatable {
        public var file: String
        public var section: String
        public var cuts: Int
        public var again: Int
        public var slower: Int

        public init(file: String, section: String, cuts: Int, again: Int, slower: Int) {
            self.file = file
            self.section = section
            self.cuts = cuts
            self.again = again
            self.slower = slower
        }

        public var trouble: Int { cuts + again + slower }
    }

    public var spots: [Spot]

    /// The window: 14 days.
    public static let days = 14

    public init(entries: [PracticeLogEntry], now: Date, days: Int = PracticeLogWeakSpots.days, limit: Int = 5) {
        let since = now.addingTimeInterval(-Double(days) * 86_400)
        var found: [String: (spot: Spot, last: Date)] = [:]
        for e in entries where e.mode.hasFile && e.date >= since && e.date <= now {
            let key = e.file + "\u{0}" + e.section
            var f = found[key] ?? (Spot(file: e.file, section: e.section, cuts: 0, again: 0, slower: 0), e.date)
            f.spot.cuts += e.cuts
            f.spot.again += e.again
            f.spot.slower += e.slower
            f.last = max(f.last, e.date)
            found[key] = f
        }
        spots = found.values.filter { $0.spot.trouble > 0 }
            .sorted { a, b in
                if a.spot.trouble != b.spot.trouble { return a.spot.trouble > b.spot.trouble }
                if a.last != b.last { return a.last > b.last }
                return (a.spot.file, a.spot.section) < (b.spot.file, b.spot.section)
            }
            .prefix(limit).map(\.spot)
    }
}
