import Foundation

/// Where the practice time went: per audio file and section (`play`, `shadow`), per tempo and
/// setlist song (`click`), and the noise. Any thread (a value).
public struct PracticeLogTimes: Sendable, Equatable {
    /// One section's time and passes, over every entry of it.
    public struct SectionTime: Sendable, Equatable {
        public var section: String
        public var milliseconds: Int64
        public var passes: Int

        public init(section: String, milliseconds: Int64, passes: Int) {
            self.section = section
            self.milliseconds = milliseconds
            self.passes = passes
        }
    }

    /// One audio file's sections, in the order they were first practised.
    public struct FileTime: Sendable, Equatable {
        public var file: String
        public var milliseconds: Int64
        public var sections: [SectionTime]

        public init(file: String, milliseconds: Int64, sections: [SectionTime]) {
            self.file = file
            self.milliseconds = milliseconds
            self.sections = sections
        }
    }

    /// A setlist's song and the time the click ran for it.
    public struct SongTime: Sendable, Equatable {
        public var setlist: String
        public var song: String
        public var milliseconds: Int64

        public init(setlist: String, song: String, milliseconds: Int64) {
            self.setlist = setlist
            self.song = song
            self.milliseconds = milliseconds
        }
    }

    /// Per audio file, in the order they were first practised.
    public var files: [FileTime] = []
    /// The click's time per tempo (thousandths of a BPM), the slowest first.
    public var tempos: [(milliBPM: Int64, milliseconds: Int64)] = []
    /// The click's time per setlist song, in the order first played.
    public var songs: [SongTime] = []
    /// The click's time in all.
    public var clickMilliseconds: Int64 = 0
    /// The noise's time in all.
    public var noiseMilliseconds: Int64 = 0
    /// The time listened to playlists' tracks in all.
    public var listenMilliseconds: Int64 = 0

    /// Adds up `entries` in the order given (the log's).
    public init(entries: [PracticeLogEntry]) {
        var tempo: [Int64: Int64] = [:]
        for e in entries {
            switch e.mode {
            case .play, .shadow:
                if let f = files.firstIndex(where: { $0.file == e.file }) {
                    files[f].milliseconds += e.milliseconds
                    if let s = files[f].sections.firstIndex(where: { $0.section == e.section }) {
                        files[f].sections[s].milliseconds += e.milliseconds
                        files[f].sections[s].passes += e.passes
                    } else {
                        files[f].sections.append(SectionTime(section: e.section, milliseconds: e.milliseconds, passes: e.passes))
                    }
                } else {
                    files.append(FileTime(file: e.file, milliseconds: e.milliseconds,
                                          sections: [SectionTime(section: e.section, milliseconds: e.milliseconds, passes: e.passes)]))
                }
            case .click:
                clickMilliseconds += e.milliseconds
                tempo[e.milliBPM, default: 0] += e.milliseconds
                if let song = e.song {
                    let setlist = e.setlist ?? ""
                    if let k = songs.firstIndex(where: { $0.setlist == setlist && $0.song == song }) {
                        songs[k].milliseconds += e.milliseconds
                    } else {
                        songs.append(SongTime(setlist: setlist, song: song, milliseconds: e.milliseconds))
                    }
                }
            case .noise:
                noiseMilliseconds += e.milliseconds
            case .listen:
                listenMilliseconds += e.milliseconds
            }
        }
        tempos = tempo.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public static func == (a: PracticeLogTimes, b: PracticeLogTimes) -> Bool {
        a.files == b.files && a.songs == b.songs && a.clickMilliseconds == b.clickMilliseconds
            && a.noiseMilliseconds == b.noiseMilliseconds && a.listenMilliseconds == b.listenMilliseconds
            && a.tempos.map(\.milliBPM) == b.tempos.map(\.milliBPM) && a.tempos.map(\.milliseconds) == b.tempos.map(\.milliseconds)
    }
}
