import Control

/// The click's grid as it was played (the renderer's `.step` notices), matching each heard
/// onset to its nearest step: what `click --coach` shows and logs. Control thread (a value
/// `LiveCoach` owns).
///
/// An onset is decided as soon as its nearest step is known: the first step after it has been
/// played, or it lies less than half a step after the last step played (the next one is then
/// predicted from the last step length: a tempo change in that half step is seen from the
/// following step on). A step is closed (hit or missed) once the analysis has heard half a
/// step past it and no onset before that point is still undecided.
public struct LiveGrid {
    /// One onset matched to a step. Deviation in frames (positive: late).
    public struct Hit: Equatable, Sendable {
        public let step: PlayedStep
        /// The onset's frame on the click's timeline, latency removed.
        public let frame: Double
        public var deviationFrames: Double { frame - Double(step.frame) }
    }

    /// A step whose window has passed: the onsets matched to it (0: missed if it expects one).
    public struct Closed: Equatable, Sendable {
        public let step: PlayedStep
        public let hits: Int
        public var missed: Bool { step.expectsHit && hits == 0 }
    }

    /// Steps not yet closed (and the one before them, for the step length), oldest first.
    private var steps: [PlayedStep] = []
    /// Onsets per step of `steps` (same index).
    private var hitsPerStep: [Int] = []
    /// Onsets not yet decided, oldest first (timeline frames, latency removed).
    private var pending: [Double] = []
    /// Onsets before the first step (none to match): dropped.
    public private(set) var unmatched = 0
    /// The length of the last step closed (the next one's, until a second step is known).
    private var lastLength: Double?
    /// True once a step has been closed: an onset before the oldest open step belongs to it.
    private var closedAny = false

    public init() {}

    /// Steps the renderer played, in order.
    public mutating func add(steps new: [PlayedStep]) {
        for s in new {
            // A jump back (start again, locate): the old grid is over.
            if let last = steps.last, s.frame <= last.frame {
                steps.removeAll(); hitsPerStep.removeAll(); pending.removeAll(); closedAny = false; lastLength = nil
            }
            steps.append(s)
            hitsPerStep.append(0)
        }
    }

    /// Onsets heard, in order (timeline frames, latency removed).
    public mutating func add(onsets: [Double]) { pending += onsets }

    /// Decides what can be decided with what has been heard up to timeline frame `heard`
    /// (latency removed): the hits, in order, and the steps closed, in order.
    public mutating func advance(heard: Double) -> (hits: [Hit], closed: [Closed]) {
        var hits: [Hit] = []
        while let x = pending.first {
            guard let i = nearest(to: x) else { break }
            pending.removeFirst()
            if i < 0 { unmatched += 1; continue }
            hitsPerStep[i] += 1
            hits.append(Hit(step: steps[i], frame: x))
        }
        var closed: [Closed] = []
        while !steps.isEmpty {
            guard let end = windowEnd(of: 0), heard >= end, pending.first.map({ $0 >= end }) ?? true else { break }
            if let length = stepLength(at: 0) { lastLength = length }
            closed.append(Closed(step: steps[0], hits: hitsPerStep[0]))
            steps.removeFirst()
            hitsPerStep.removeFirst()
            closedAny = true
        }
        return (hits, closed)
    }

    /// The index of the step nearest to `x` (−1: before any step, dropped), or nil while it
    /// cannot be known yet.
    private func nearest(to x: Double) -> Int? {
        guard !steps.isEmpty else { return nil }
        guard let after = steps.firstIndex(where: { Double($0.frame) > x }) else {
            let last = steps.count - 1
            guard let length = stepLength(at: last) else { return nil }
            return x - Double(steps[last].frame) < length / 2 ? last : nil
        }
        if after == 0 {
            if closedAny { return 0 }
            guard let length = stepLength(at: 0) else { return nil }
            return Double(steps[0].frame) - x < length / 2 ? 0 : -1
        }
        let before = after - 1
        return x - Double(steps[before].frame) <= Double(steps[after].frame) - x ? before : after
    }

    /// Where the window of step `i` ends: half way to the next step (known or predicted).
    private func windowEnd(of i: Int) -> Double? {
        if i + 1 < steps.count { return (Double(steps[i].frame) + Double(steps[i + 1].frame)) / 2 }
        return stepLength(at: i).map { Double(steps[i].frame) + $0 / 2 }
    }

    /// The length of the step at `i`: to the next one if known, else the one before it.
    private func stepLength(at i: Int) -> Double? {
        if i + 1 < steps.count { return Double(steps[i + 1].frame - steps[i].frame) }
        if i > 0 { return Double(steps[i].frame - steps[i - 1].frame) }
        return lastLength
    }
}
