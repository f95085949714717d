import Foundation

/// `click --coach`: listen on `woodshed:in` against the click, `--advance-when clean:MS` (the
/// speed trainer advances on a clean pass) and `--coach-log FILE` (each hit as a JSON line).
/// Any thread (a value).
public struct CoachRequest: Sendable, Equatable {
    /// `--advance-when clean:20ms`: the largest deviation of a clean pass, in milliseconds.
    public var cleanWithinMs: Double?
    /// `--coach-log FILE`.
    public var log: String?

    public init(cleanWithinMs: Double? = nil, log: String? = nil) {
        self.cleanWithinMs = cleanWithinMs
        self.log = log
    }

    /// The tolerances `--advance-when` takes, in milliseconds.
    public static let tolerances: ClosedRange<Double> = 1...100

    /// The request of `--coach`, `--advance-when` and `--coach-log` (nil without `--coach`). Either
    /// of the other two without `--coach`, or a bad `--advance-when`, is one line naming it.
    public static func option(coach: Bool, advanceWhen: String?, log: String?) throws(OptionProblem) -> CoachRequest? {
        guard coach else {
            guard advanceWhen == nil && log == nil else {
                throw OptionProblem("\(advanceWhen != nil ? "--advance-when" : "--coach-log") needs --coach (it listens on woodshed:in)")
            }
            return nil
        }
        return CoachRequest(cleanWithinMs: try advanceWhen.map(cleanWithin), log: log)
    }

    /// Reads `--advance-when`: `clean:20ms` (or `clean:20`), 1 to 100 ms.
    public static func cleanWithin(_ text: String) throws(OptionProblem) -> Double {
        let form = "--advance-when must be clean:MS with MS from 1 to 100 (e.g. clean:20ms), not '\(text)'"
        guard text.hasPrefix("clean:") else { throw OptionProblem(form) }
        var number = text.dropFirst("clean:".count)
        if number.hasSuffix("ms") { number = number.dropLast(2) }
        guard let ms = Double(number), ms.isFinite, tolerances.contains(ms) else { throw OptionProblem(form) }
        return ms
    }
}
