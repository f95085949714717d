import Foundation

/// The user's tinnitus profile, as `woodshed tinnitus match` finds it and `--notch tinnitus`
/// uses it: the matched frequency (the geometric mean of two matches, after the octave check),
/// the two matches and their spread in octaves, the octave check's answers and when it was
/// made. Saved as `$XDG_CONFIG_HOME/woodshed/tinnitus.json` (`TinnitusProfileStore`). Any
/// thread (a value).
public struct TinnitusProfile: Equatable, Sendable {
    public static let schemaVersion = 1
    /// The frequencies a profile may hold, in Hz (the notch's centre range).
    public static let frequencyRange = 250...12_000

    /// The matched frequency in Hz: what `--notch tinnitus` centres on.
    public var frequency: Int
    /// The first and the second match, in Hz (the first after the octave check).
    public var firstMatch: Int
    public var secondMatch: Int
    /// The two matches' distance in thousandths of an octave (83: a semitone apart).
    public var spreadMilliOctaves: Int
    /// The octave check's answer in each round: −1 (f/2 sounded closest), 0 (f) or 1 (2f).
    public var octaveAnswers: [Int]
    /// When the match was made, as ISO 8601 in UTC ("2026-11-24T08:30:00Z").
    public var matchedAt: String

    public init(frequency: Int, firstMatch: Int, secondMatch: Int, spreadMilliOctaves: Int, octaveAnswers: [Int], matchedAt: String) {
        self.frequency = frequency
        self.firstMatch = firstMatch
        self.secondMatch = secondMatch
        self.spreadMilliOctaves = spreadMilliOctaves
        self.octaveAnswers = octaveAnswers
        self.matchedAt = matchedAt
    }

    /// The profile of two matches in Hz: the frequency is their geometric mean and the spread
    /// their distance in octaves, each rounded to the nearest whole unit (Hz, 1/1000 octave).
    public init(firstMatch: Double, secondMatch: Double, octaveAnswers: [Int], matchedAt: String) {
        let mean = (firstMatch * secondMatch).squareRoot()
        let spread = abs(log2(secondMatch / firstMatch))
        self.init(frequency: Int((mean + 0.5).rounded(.down)), firstMatch: Int((firstMatch + 0.5).rounded(.down)),
                  secondMatch: Int((secondMatch + 0.5).rounded(.down)),
                  spreadMilliOctaves: Int((spread * 1000 + 0.5).rounded(.down)), octaveAnswers: octaveAnswers, matchedAt: matchedAt)
    }

    /// "0.083 octave".
    public var spreadText: String { "\(formatThousandths(Int64(spreadMilliOctaves))) octave" }
}
