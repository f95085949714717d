import App

/// `woodshed log`'s options as the user gave them: checked (`check`), then the report printed
/// (`run`). Main thread; `check`: any thread.
public struct LogRequest: Sendable, Equatable {
    /// `--days N`, `--file PATH`, `--json`, `--tinnitus`, `--target TIME`.
    public var days: Int?
    public var file: String?
    public var json: Bool
    public var tinnitus: Bool
    public var target: String?

    public init(days: Int? = nil, file: String? = nil, json: Bool = false, tinnitus: Bool = false, target: String? = nil) {
        self.days = days
        self.file = file
        self.json = json
        self.tinnitus = tinnitus
        self.target = target
    }

    /// The daily target of `--tinnitus` in whole minutes (`--target`, 1 minute or more, else
    /// 90); nil without `--tinnitus`. The first wrong option is a one-line problem naming it.
    public func check() throws(OptionProblem) -> Int? {
        if let days, days < 1 { throw OptionProblem("--days takes a number of days, 1 or more, not \(days)") }
        if target != nil && !tinnitus { throw OptionProblem("--target goes with --tinnitus") }
        guard let target else { return tinnitus ? PracticeLogReport.defaultTinnitusTargetMinutes : nil }
        guard let seconds = DurationText.seconds(target), seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 else {
            throw OptionProblem("--target takes whole minutes such as 90m or 1h30m (1m to 24h), not '\(target)'")
        }
        return Int(seconds / 60)
    }

    /// The report: the lines of the log it could not read as warnings on stderr, then its text.
    public func run() throws {
        let report = try PracticeLogReport(days: days, file: file, json: json, tinnitusTargetMinutes: check()).make()
        for warning in report.warnings { writeStderr("Warning: \(warning)\n") }
        print(report.text)
    }
}
