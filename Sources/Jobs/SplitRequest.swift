import Foundation
import Media
import WoodshedCore

/// `sections FILE split`'s options as the user typed them: the pause, the threshold, the
/// shortest sentence, the pads. Any thread.
public struct SplitRequest: Sendable {
    public var minSilence: String?
    public var threshold: String?
    public var minSentence: String?
    public var pad: String?
    public var padBefore: String?
    public var padAfter: String?

    public init(minSilence: String? = nil, threshold: String? = nil, minSentence: String? = nil, pad: String? = nil,
                padBefore: String? = nil, padAfter: String? = nil) {
        self.minSilence = minSilence
        self.threshold = threshold
        self.minSentence = minSentence
        self.pad = pad
        self.padBefore = padBefore
        self.padAfter = padAfter
    }

    /// The settings from the options, or a one-line error naming the option.
    public func settings() throws -> SplitSettings {
        func duration(_ option: String, _ text: String?, _ current: Int64) throws -> Int64 {
            guard let text else { return current }
            let time: SourceTime
            do { time = try SourceTime(parsing: text) } catch {
                throw ValidationErrorMessage("\(option) takes a time such as 350ms or 0.35, not '\(text)'")
            }
            return time.microseconds
        }
        var s = SplitSettings()
        s.minSilence = try duration("--min-silence", minSilence, s.minSilence)
        s.minSentence = try duration("--min-sentence", minSentence, s.minSentence)
        let both = try duration("--pad", pad, s.padBefore)
        s.padBefore = try duration("--pad-before", padBefore, both)
        s.padAfter = try duration("--pad-after", padAfter, both)
        if let threshold {
            do { s.threshold = try SilenceThreshold(parsing: threshold) } catch { throw ValidationErrorMessage(error.description) }
        }
        do { try s.validate() } catch {
            throw ValidationErrorMessage(pad != nil && padBefore == nil && padAfter == nil
                ? error.description.replacingOccurrences(of: "--pad-before", with: "--pad") : error.description)
        }
        return s
    }
}
