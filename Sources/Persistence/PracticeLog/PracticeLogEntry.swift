import Foundation

/// One line of the practice log: one section of one audio file practised, how many passes, at
/// what speed, and for how long. Any thread (a value).
///
/// As a line of JSON, keys in this order (unknown keys are ignored when read, so later versions
/// may add some):
///
///     {"date":"2025-03-01T18:04:05Z","file":"/home/me/lesson.mp3","section":"s3","index":3,"passes":3,"speed":0.9,"seconds":12.5}
///
/// With `--record`, `"takes":N` follows: the takes of the section saved meanwhile (absent: none).
public struct PracticeLogEntry: Sendable, Equatable {
    /// When the practice of the section ended. Written in UTC to the whole second (rounded down).
    public var date: Date
    /// The audio file's path, absolute, as it was opened.
    public var file: String
    /// The section's name.
    public var section: String
    /// Its 1-based number in the file's list at the time.
    public var index: Int
    /// Passes played, 0 or more.
    public var passes: Int
    /// Playing speed in thousandths (900 = 0.9×), 250–2000.
    public var speed: Int
    /// Time spent on it, in milliseconds (written as seconds with up to three decimals).
    public var milliseconds: Int64
    /// Takes of it saved meanwhile (`--record`); written only when there are some.
    public var takes = 0

    public init(date: Date, file: String, section: String, index: Int, passes: Int, speed: Int, milliseconds: Int64) {
        self.date = date
        self.file = file
        self.section = section
        self.index = index
        self.passes = passes
        self.speed = speed
        self.milliseconds = milliseconds
    }

    /// The fields a line must have.
    static let fields = ["date", "file", "section", "index", "passes", "speed", "seconds"]

    /// The entry as one line of JSON, without the line end.
    public var jsonLine: String {
        let date = Date(timeIntervalSince1970: (self.date.timeIntervalSince1970).rounded(.down))
        var fields: [(String, String)] = [
            ("date", OrderedJSON.quoted(PracticeLogEntry.dateFormatter().string(from: date))),
            ("file", OrderedJSON.quoted(file)),
            ("section", OrderedJSON.quoted(section)),
            ("index", String(index)),
            ("passes", String(passes)),
            ("speed", formatThousandths(Int64(speed))),
            ("seconds", formatThousandths(milliseconds)),
        ]
        if takes > 0 { fields.append(("takes", String(takes))) }
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
            let dateNode = try required("date")
            let dateText = try dateNode.string()
            guard let date = PracticeLogEntry.date(dateText) else {
                throw dateNode.fail("\"\(dateText)\" is not a date and time (2025-03-01T18:04:05Z)")
            }
            self.date = date
            file = try required("file").string()
            section = try required("section").string()
            index = try required("index").wholeNumber(in: 1...1_000_000_000)
            passes = try required("passes").wholeNumber(in: 0...1_000_000_000)
            speed = try required("speed").speed()
            let secondsNode = try required("seconds")
            milliseconds = try secondsNode.thousandths("a time in seconds")
            guard milliseconds >= 0 else { throw secondsNode.fail("\(formatThousandths(milliseconds)) is less than 0") }
            takes = try root.field("takes", of: object)?.wholeNumber(in: 0...1_000_000_000) ?? 0
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

    /// An ISO 8601 date and time with a zone (`Z` or `+01:00`), with or without fractions of a second.
    static func date(_ text: String) -> Date? {
        dateFormatter().date(from: text) ?? dateFormatter(fractionalSeconds: true).date(from: text)
    }
}
