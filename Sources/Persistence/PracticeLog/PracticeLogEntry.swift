import Foundation

/// One line of the practice log: a stretch of practice in one mode, when it ended and how long
/// it took — one section of an audio file (`play`, `shadow`: how many passes, at what speed),
/// a run of the click (`click`: its tempo, and the setlist's song), or noise (`noise`). Any
/// thread (a value).
///
/// As a line of JSON, keys in this order (unknown keys are ignored when read, so later versions
/// may add some; a line without `mode` is an older shadowing line):
///
///     {"date":"2025-03-01T18:04:05Z","mode":"shadow","file":"/home/me/lesson.mp3","section":"s3","index":3,"passes":3,"speed":0.9,"seconds":12.5}
///     {"date":"2025-03-01T18:04:05Z","mode":"play","file":"/home/me/song.flac","section":"solo","index":2,"passes":4,"speed":0.75,"seconds":80,"cuts":2,"again":1,"slower":1}
///     {"date":"2025-03-01T18:04:05Z","mode":"click","tempo":132,"seconds":600,"setlist":"gig","song":"Intro"}
///     {"date":"2025-03-01T18:04:05Z","mode":"noise","sound":"Brown Noise","seconds":900}
///     {"date":"2025-03-01T18:04:05Z","mode":"listen","playlist":"sleep","file":"/home/me/rain.flac","track":2,"seconds":1800.5}
///
/// `listen` is a track of `playlist play` listened to (paused time left out): its playlist, the
/// track's file and its number in the order played. Versions before it skip such lines with a
/// warning.
///
/// `cuts`, `again` and `slower` are written only when not 0; `setlist`, `song` and `sound` only
/// when known.
///
/// With `--record`, `"takes":N` follows a section's fields: the takes of the section saved
/// meanwhile (absent: none).
///
/// With `click --coach`, the session's figures follow the click's fields (`PracticeLogCoaching`):
/// `"hits":32,"mean_ms":1.25,"spread_ms":4.001,"missed":1`.
///
/// `play`, `shadow`: `"xruns":N,"underrun_frames":M` follow, when either is not 0: the server's
/// xruns while the section played, and the frames the player filled with silence because its
/// worker was late (the music ring ran dry); a section played cleanly has neither.
///
/// With `--notch` (`play`, `noise`, `listen`), `"notched":SECONDS` ends the line: the
/// part of `seconds` the notch was on (key f switches it off and on); absent when it was never
/// on, and in older lines.
public struct PracticeLogEntry: Sendable, Equatable {
    /// Which command the practice was in.
    public enum Mode: String, Sendable, CaseIterable {
        case click, play, shadow, noise, listen

        /// True for the modes that practise a section of an audio file.
        public var hasFile: Bool { self == .play || self == .shadow }
    }

    /// When the practice ended. Written in UTC to the whole second (rounded down).
    public var date: Date
    public var mode: Mode
    /// `play`, `shadow`: the audio file's path, absolute, as it was opened; "" otherwise.
    public var file: String
    /// `play`, `shadow`: the section's name; "" otherwise.
    public var section: String
    /// `play`, `shadow`: its 1-based number in the file's list at the time; 0 otherwise.
    public var index: Int
    /// `play`, `shadow`: passes played, 0 or more.
    public var passes: Int
    /// `play`, `shadow`: playing speed in thousandths (900 = 0.9×), 250–2000.
    public var speed: Int
    /// Time spent on it, in milliseconds (written as seconds with up to three decimals).
    public var milliseconds: Int64
    /// `play`, `shadow`: times the section's start or end was moved (a bad cut).
    public var cuts = 0
    /// `play`, `shadow`: times it was asked for again (again, again slower, again faster).
    public var again = 0
    /// `play`, `shadow`: times it was asked for again slower, or its speed stepped down.
    public var slower = 0
    /// `click`: the tempo in thousandths of a BPM.
    public var milliBPM: Int64 = 0
    /// `click`: the setlist's title and the song, when one ran.
    public var setlist: String?
    public var song: String?
    /// `click --coach`: the figures of what was heard; nil when not coached.
    public var coaching: PracticeLogCoaching?
    /// `noise`: what sounded (`Brown Noise`, a preset's title).
    public var sound: String?
    /// `listen`: the playlist's name, when known (the track's number is `index`, its file `file`).
    public var playlist: String?
    /// Takes of it saved meanwhile (`--record`); written only when there are some.
    public var takes = 0
    /// `play`, `shadow`: xruns of the server while it played, and frames of silence where the
    /// music ran dry (underruns); both written when either is not 0.
    public var xruns = 0
    public var underrunFrames: Int64 = 0
    /// `--notch`: the milliseconds of `milliseconds` the notch was on; written only when not 0.
    public var notchedMilliseconds: Int64 = 0

    /// A section of an audio file practised (`shadow`, or `play`).
    public init(date: Date, file: String, section: String, index: Int, passes: Int, speed: Int, milliseconds: Int64,
                mode: Mode = .shadow) {
        self.date = date
        self.mode = mode
        self.file = file
        self.section = section
        self.index = index
        self.passes = passes
        self.speed = speed
        self.milliseconds = milliseconds
    }

    /// A run of the click at `milliBPM`, with the setlist and song when one ran.
    public static func click(date: Date, milliBPM: Int64, milliseconds: Int64, setlist: String? = nil,
                             song: String? = nil) -> PracticeLogEntry {
        var e = PracticeLogEntry(date: date, file: "", section: "", index: 0, passes: 0, speed: 1000, milliseconds: milliseconds,
                                 mode: .click)
        e.milliBPM = milliBPM
        e.setlist = setlist
        e.song = song
        return e
    }

    /// A run of noise (`sound`: its title, when known).
    public static func noise(date: Date, sound: String?, milliseconds: Int64) -> PracticeLogEntry {
        var e = PracticeLogEntry(date: date, file: "", section: "", index: 0, passes: 0, speed: 1000, milliseconds: milliseconds,
                                 mode: .noise)
        e.sound = sound
        return e
    }

    /// A track of a playlist listened to: `track` is its number (from 1) in the order played.
    public static func listen(date: Date, playlist: String?, file: String, track: Int, milliseconds: Int64) -> PracticeLogEntry {
        var e = PracticeLogEntry(date: date, file: file, section: "", index: track, passes: 0, speed: 1000, milliseconds: milliseconds,
                                 mode: .listen)
        e.playlist = playlist
        return e
    }

    /// The entry as one line of JSON, without the line end.
    public var jsonLine: String {
        let date = Date(timeIntervalSince1970: (self.date.timeIntervalSince1970).rounded(.down))
        var fields: [(String, String)] = [
            ("date", OrderedJSON.quoted(PracticeLogEntry.dateFormatter().string(from: date))),
            ("mode", OrderedJSON.quoted(mode.rawValue)),
        ]
        switch mode {
        case .play, .shadow:
            fields += [
                ("file", OrderedJSON.quoted(file)),
                ("section", OrderedJSON.quoted(section)),
                ("index", String(index)),
                ("passes", String(passes)),
                ("speed", formatThousandths(Int64(speed))),
                ("seconds", formatThousandths(milliseconds)),
            ]
            for (key, n) in [("cuts", cuts), ("again", again), ("slower", slower), ("takes", takes)] where n != 0 { fields.append((key, String(n))) }
            if xruns != 0 || underrunFrames != 0 { fields += [("xruns", String(xruns)), ("underrun_frames", String(underrunFrames))] }
        case .click:
            fields += [("tempo", formatThousandths(milliBPM)), ("seconds", formatThousandths(milliseconds))]
            if let setlist { fields.append(("setlist", OrderedJSON.quoted(setlist))) }
            if let song { fields.append(("song", OrderedJSON.quoted(song))) }
            if let coaching { fields += coaching.fields }
        case .noise:
            if let sound { fields.append(("sound", OrderedJSON.quoted(sound))) }
            fields.append(("seconds", formatThousandths(milliseconds)))
        case .listen:
            if let playlist { fields.append(("playlist", OrderedJSON.quoted(playlist))) }
            fields += [("file", OrderedJSON.quoted(file)), ("track", String(index)), ("seconds", formatThousandths(milliseconds))]
        }
        if notchedMilliseconds != 0 { fields.append(("notched", formatThousandths(notchedMilliseconds))) }
        return "{" + fields.map { OrderedJSON.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// Reads one line of the log; throws a one-line reason naming the field.
    public init(jsonLine: some StringProtocol) throws(PracticeLogLineError) {
        let root: JSONNode
        do throws(JSONSyntaxError) {
            root = try JSONNode.parse(Data(jsonLine.utf8))
        } catch {
            throw PracticeLogLineError(message: error.message)
        }
        do throws(JSONFieldError) {
            guard let object = root.value as? [String: Any] else { throw root.fail("expected an object { … }, not \(root.shown)") }
            func required(_ key: String) throws(JSONFieldError) -> JSONNode {
                guard let node = root.field(key, of: object) else { throw JSONFieldError(path: key, message: "required, but missing") }
                return node
            }
            func count(_ key: String) throws(JSONFieldError) -> Int {
                try root.field(key, of: object)?.wholeNumber(in: 0...1_000_000_000) ?? 0
            }
            func text(_ key: String) throws(JSONFieldError) -> String? { try root.field(key, of: object)?.string() }
            let dateNode = try required("date")
            let dateText = try dateNode.string()
            guard let date = PracticeLogEntry.date(dateText) else {
                throw dateNode.fail("\"\(dateText)\" is not a date and time (2025-03-01T18:04:05Z)")
            }
            var mode = Mode.shadow
            if let modeNode = root.field("mode", of: object) {
                let name = try modeNode.string()
                guard let m = Mode(rawValue: name) else { throw modeNode.fail("\"\(name)\" is not click, play, shadow, noise or listen") }
                mode = m
            }
            let secondsNode = try required("seconds")
            let milliseconds = try secondsNode.thousandths("a time in seconds")
            guard milliseconds >= 0 else { throw secondsNode.fail("\(formatThousandths(milliseconds)) is less than 0") }
            switch mode {
            case .play, .shadow:
                self.init(date: date, file: try required("file").string(), section: try required("section").string(),
                          index: try required("index").wholeNumber(in: 1...1_000_000_000),
                          passes: try required("passes").wholeNumber(in: 0...1_000_000_000),
                          speed: try required("speed").speed(), milliseconds: milliseconds, mode: mode)
                cuts = try count("cuts")
                again = try count("again")
                slower = try count("slower")
                takes = try root.field("takes", of: object)?.wholeNumber(in: 0...1_000_000_000) ?? 0
                xruns = try count("xruns")
                underrunFrames = Int64(try root.field("underrun_frames", of: object)?.wholeNumber(in: 0...Int.max) ?? 0)
            case .click:
                let tempoNode = try required("tempo")
                let milliBPM = try tempoNode.thousandths("a tempo in BPM")
                guard milliBPM > 0 else { throw tempoNode.fail("\(formatThousandths(milliBPM)) is not more than 0") }
                self = .click(date: date, milliBPM: milliBPM, milliseconds: milliseconds, setlist: try text("setlist"), song: try text("song"))
                coaching = try PracticeLogCoaching.read(root, object)
            case .noise:
                self = .noise(date: date, sound: try text("sound"), milliseconds: milliseconds)
            case .listen:
                self = .listen(date: date, playlist: try text("playlist"), file: try required("file").string(),
                               track: try required("track").wholeNumber(in: 1...1_000_000_000), milliseconds: milliseconds)
            }
            if let notchedNode = root.field("notched", of: object) {
                let notched = try notchedNode.thousandths("a time in seconds")
                guard notched >= 0 else { throw notchedNode.fail("\(formatThousandths(notched)) is less than 0") }
                guard notched <= milliseconds else {
                    throw notchedNode.fail("\(formatThousandths(notched)) is more than seconds (\(formatThousandths(milliseconds)))")
                }
                notchedMilliseconds = notched
            }
        } catch {
            throw PracticeLogLineError(message: error.path.isEmpty ? error.message : "\(error.path): \(error.message)")
        }
    }

    /// ISO 8601 in UTC, whole seconds: `2025-03-01T18:04:05Z`. A new one each time (not Sendable).
    static func dateFormatter(fractionalSeconds: Bool = false) -> ISO8601DateFormatter {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        f.formatOptions = fractionalSeconds ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return f
    }

    /// An ISO 8601 date and time with a zone (`Z` or `+01:00`), with or without fractions of a
    /// second, down to nanoseconds: a fraction of more than 9 digits is not a date here (ICU,
    /// under `ISO8601DateFormatter`, dies of SIGFPE on one of 33 digits or so).
    static func date(_ text: String) -> Date? {
        if let dot = text.firstIndex(of: "."),
           text[text.index(after: dot)...].prefix(while: { ("0"..."9").contains($0) }).count > 9 { return nil }
        return dateFormatter().date(from: text) ?? dateFormatter(fractionalSeconds: true).date(from: text)
    }
}
