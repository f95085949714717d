import Foundation
import Persistence

/// The listening of `playlist play`, track by track: which track plays, and how long it has
/// played (paused time and the end left out), turned into a practice-log `listen` entry when
/// the track changes or the playlist stops. Control thread (owned by `PlayerController`).
public struct TrackListening: Sendable {
    /// A track listened to: its number in the order played (from 0) and the milliseconds heard.
    public struct Stretch: Sendable, Equatable {
        public var track: Int
        public var milliseconds: Int64
    }

    /// The playlist's name, for the log.
    public let playlist: String?
    /// Each track's file, in the order played (the player's sections).
    public let paths: [String]
    public private(set) var current: Stretch?
    private var last: Int64?

    public init(playlist: String?, paths: [String]) {
        self.playlist = playlist
        self.paths = paths
    }

    /// The player as seen at `milliseconds` (the control loop's time): `track` playing, or
    /// nil when it has stopped or ended; `paused`: time since the last look is not counted.
    /// Returns the stretch that ended — another track began, or the playing stopped — when
    /// some of it was heard.
    public mutating func observe(track: Int?, paused: Bool, at milliseconds: Int64) -> Stretch? {
        if var c = current, !paused, let last { c.milliseconds += max(milliseconds - last, 0); current = c }
        last = milliseconds
        guard current?.track != track else { return nil }
        let ended = current
        current = track.map { Stretch(track: $0, milliseconds: 0) }
        guard let ended, ended.milliseconds > 0 else { return nil }
        return ended
    }

    /// The log's entry for `stretch`, ended at `date`.
    public func entry(_ stretch: Stretch, date: Date) -> PracticeLogEntry {
        let path = stretch.track < paths.count ? paths[stretch.track] : ""
        return .listen(date: date, playlist: playlist, file: path, track: stretch.track + 1, milliseconds: stretch.milliseconds)
    }
}
