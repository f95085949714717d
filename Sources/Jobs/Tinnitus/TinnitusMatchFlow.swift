import Foundation
import Persistence
import RenderGraph
import TerminalUI

/// The steps of `woodshed tinnitus match`, without sound or screen (so tests drive it with keys
/// alone): a first match, an octave check, a second match, then the result. Control thread (a
/// value the controller owns).
///
/// - Frequencies are exact steps of 1/48 octave from 1 kHz (f = 1000 · 2^(k/48)), held between
///   250 Hz and 12 kHz (the notch's range). ↑/↓ move 1/12 octave (4 steps), →/← 1/48 octave.
/// - The level starts at −40 dBFS and moves in 3 dB steps with + and −, from −70 to −10 dBFS.
/// - The octave check plays f/2, f and 2f as choices 1, 2 and 3 in an order drawn from `seed`,
///   three rounds; keys 1–3 play a choice, Enter takes the one playing. A choice outside
///   `MatchTone.frequencyRange` is not offered. When two or three rounds pick the same other
///   octave, the first match moves there (held within the range).
/// - The second match starts half an octave from the (checked) first: above it, or below when
///   that would leave the range; the result is their geometric mean, the spread their distance.
public struct TinnitusMatchFlow: Equatable {
    /// Where the flow is.
    public enum Stage: Equatable {
        case firstMatch
        case octaveCheck(round: Int)
        case secondMatch
        case done
    }

    /// What a key does in a match: its own small vocabulary (a match has no MIDI or remote side).
    public enum Move: Equatable {
        case steps(Int)
        case level(Double)
        case choose(Int)
        case accept
    }

    public static let startStep = 0
    public static let stepRange = -96...172
    public static let startLevel = -40.0
    public static let levelStep = 3.0
    public static let rounds = 3

    public private(set) var stage = Stage.firstMatch
    /// The tone's place, in 1/48 octave steps from 1 kHz.
    public private(set) var step = TinnitusMatchFlow.startStep
    /// The tone's level in dBFS.
    public private(set) var level = TinnitusMatchFlow.startLevel
    /// The first match (after the octave check) and the second, in steps.
    public private(set) var firstStep: Int?
    public private(set) var secondStep: Int?
    /// Each round's order: the octave offset (−1, 0, 1) of choice 1, 2 and 3 (only those offered).
    public private(set) var orders: [[Int]] = []
    /// The choice playing in the octave check (index into the round's order).
    public private(set) var playing = 0
    /// The octave offset picked in each round so far.
    public private(set) var answers: [Int] = []

    public init(seed: UInt64) {
        var random = NoiseRandom(seed: seed)
        for _ in 0..<TinnitusMatchFlow.rounds {
            var order = [-1, 0, 1]
            for i in stride(from: 2, to: 0, by: -1) {
                let j = Int((UInt64(random.next()) * UInt64(i + 1)) >> 32)   // the high bits pick
                order.swapAt(i, j)
            }
            orders.append(order)
        }
    }

    /// The frequency of `step`, in Hz.
    public static func hertz(step: Int) -> Double { 1000 * pow(2, Double(step) / 48) }

    /// The tone to play now, in Hz.
    public var frequency: Double {
        if case .octaveCheck(let round) = stage, let first = firstStep {
            return TinnitusMatchFlow.hertz(step: first + 48 * offered(round: round)[playing])
        }
        return TinnitusMatchFlow.hertz(step: step)
    }

    /// The octave offsets offered in `round`, in their order (those within the tone's range).
    public func offered(round: Int) -> [Int] {
        let first = firstStep ?? step
        return orders[round].filter { MatchTone.frequencyRange.contains(TinnitusMatchFlow.hertz(step: first + 48 * $0)) }
    }

    /// The result once done (nil before): the matches in whole Hz, their geometric mean
    /// 1000 · 2^((k1 + k2)/96) in whole Hz, and their spread |k2 − k1|/48 octave in whole
    /// thousandths (halves up), computed from the steps exactly.
    public func profile(matchedAt: String) -> TinnitusProfile? {
        guard stage == .done, let k1 = firstStep, let k2 = secondStep else { return nil }
        func whole(_ hz: Double) -> Int { Int((hz + 0.5).rounded(.down)) }
        return TinnitusProfile(frequency: whole(1000 * pow(2, Double(k1 + k2) / 96)), firstMatch: whole(TinnitusMatchFlow.hertz(step: k1)),
                               secondMatch: whole(TinnitusMatchFlow.hertz(step: k2)), spreadMilliOctaves: (abs(k2 - k1) * 1000 + 24) / 48,
                               octaveAnswers: answers, matchedAt: matchedAt)
    }

    /// The move a key stands for in the match, if any.
    public static func move(for key: Key) -> Move? {
        switch key {
        case .up: .steps(4)
        case .down: .steps(-4)
        case .right: .steps(1)
        case .left: .steps(-1)
        case .enter: .accept
        case .char(let c):
            switch c {
            case "+", "=": .level(levelStep)
            case "-", "_": .level(-levelStep)
            case "1", "2", "3": .choose(Int(String(c))! - 1)
            default: nil
            }
        default: nil
        }
    }

    /// Takes one move; moves that do not belong to the stage do nothing.
    public mutating func take(_ move: Move) {
        switch (stage, move) {
        case (.firstMatch, .steps(let n)), (.secondMatch, .steps(let n)):
            step = min(max(step + n, TinnitusMatchFlow.stepRange.lowerBound), TinnitusMatchFlow.stepRange.upperBound)
        case (_, .level(let d)) where stage != .done:
            level = min(max(level + d, MatchTone.levelRange.lowerBound), MatchTone.levelRange.upperBound)
        case (.octaveCheck(let round), .choose(let i)):
            if i < offered(round: round).count { playing = i }
        case (.firstMatch, .accept):
            firstStep = step
            playing = 0
            stage = .octaveCheck(round: 0)
        case (.octaveCheck(let round), .accept):
            answers.append(offered(round: round)[playing])
            playing = 0
            if round + 1 < TinnitusMatchFlow.rounds {
                stage = .octaveCheck(round: round + 1)
            } else {
                finishOctaveCheck()
            }
        case (.secondMatch, .accept):
            secondStep = step
            stage = .done
        default:
            break
        }
    }

    /// The octave most rounds picked (0 without a majority) moves the first match; the second
    /// match starts half an octave away.
    private mutating func finishOctaveCheck() {
        let majority = [-1, 1].first { o in answers.filter { $0 == o }.count >= 2 } ?? 0
        let range = TinnitusMatchFlow.stepRange
        let first = min(max(firstStep! + 48 * majority, range.lowerBound), range.upperBound)
        firstStep = first
        step = first + 24 <= range.upperBound ? first + 24 : first - 24
        stage = .secondMatch
    }
}
