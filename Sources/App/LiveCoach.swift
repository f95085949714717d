import Control
import Foundation
import Persistence
import WoodshedCore

/// `click --coach` on the control loop: at each wake of the analysis worker and each status
/// refresh, it takes the steps the renderer played and the onsets the worker heard, removes the
/// latency (JACK's, and the saved calibration), matches each onset to its step (`LiveGrid`),
/// keeps the figures (`CoachBoard`), judges the listening speed trainer's passes and sends its
/// tempo steps, and writes `--coach-log`. Control thread.
public final class LiveCoach {
    public let session: LiveSession
    public let listener: CoachListener?
    public let rate: Int
    /// Frames from a click on `woodshed:click` to a note played with it on `woodshed:in`.
    public var latencyFrames: () -> Int
    /// `--advance-when clean:…`: the speed trainer that listens.
    public private(set) var trainer: CleanPassTrainer?
    public private(set) var grid = LiveGrid()
    public private(set) var board: CoachBoard
    /// The trainer's last word ("pass 3 clean → 90 BPM from bar 13").
    public private(set) var trainerLine: String?
    /// Hit-to-screen times (seconds) of the hits shown so far.
    public private(set) var hitToScreen: [Double] = []
    /// Plain lines not yet printed (one per bar, the trainer's).
    private var lines: [String] = []
    /// Per pass: the deviations and misses so far (trainer only).
    private var passes: [Int64: (deviations: [Double], missed: Int)] = [:]
    private let log: FileHandle?
    /// The newest step the renderer played.
    private var newestStep: PlayedStep?
    /// Set once the coach log could not be written.
    public private(set) var logProblem: String?

    /// `log`: `--coach-log FILE`, one JSON line per hit and per missed click, then a summary.
    public init(session: LiveSession, listener: CoachListener?, rate: Int, trainer: CleanPassTrainer?, log: FileHandle?,
                latencyFrames: @escaping () -> Int) {
        self.session = session
        self.listener = listener
        self.rate = max(rate, 1)
        self.trainer = trainer
        self.latencyFrames = latencyFrames
        self.log = log
        board = CoachBoard(rate: rate)
    }

    /// Takes what the renderer played and the worker heard, decides what can be decided.
    /// `now`: the loop's time (the hits' hit-to-screen time is measured to it).
    public func refresh(now: Double) {
        let steps = session.takePlayedSteps()
        if let last = steps.last { newestStep = last }
        grid.add(steps: steps)
        let heard = listener?.take() ?? (onsets: [], upTo: nil)
        let latency = Double(latencyFrames())
        grid.add(onsets: heard.onsets.map { $0.frame - latency })
        for h in heard.onsets { hitToScreen.append(now - h.arrived) }
        take(grid.advance(heard: (heard.upTo ?? -.infinity) - latency))
    }

    /// Offline and in tests: steps and onsets (timeline frames, latency removed) given directly.
    public func take(steps: [PlayedStep], onsets: [Double], heardUpTo: Double) {
        if let last = steps.last { newestStep = last }
        grid.add(steps: steps)
        grid.add(onsets: onsets)
        take(grid.advance(heard: heardUpTo))
    }

    private func take(_ decided: (hits: [LiveGrid.Hit], closed: [LiveGrid.Closed])) {
        for hit in decided.hits {
            board.take(hit)
            let ms = hit.deviationFrames * 1000 / Double(rate)
            if hit.step.bar >= 0 {
                write("{\"time\":\(number(hit.frame / Double(rate), 6)),\"position\":\"\(hit.step.position)\",\"deviation_ms\":\(number(ms, 3)),\"frame\":\(number(hit.frame, 2)),\"grid_frame\":\(hit.step.frame)}")
                if let trainer, let p = trainer.pass(ofBar: hit.step.bar) { passes[p, default: ([], 0)].deviations.append(ms) }
            }
        }
        for c in decided.closed {
            if c.missed {
                write("{\"missed\":\"\(c.step.position)\",\"grid_frame\":\(c.step.frame)}")
                if let trainer, let p = trainer.pass(ofBar: c.step.bar) { passes[p, default: ([], 0)].missed += 1 }
            }
            if let bar = board.take(c) { lines.append(CoachDisplay.barLine(bar)) }
            judgePass(after: c.step)
        }
    }

    /// After the last step of a pass is closed: its verdict, and the trainer's change if any.
    private func judgePass(after s: PlayedStep) {
        guard var t = trainer, s.bar >= 0, s.step == s.stepsPerBar - 1, (s.bar + 1) % Int64(t.passBars) == 0 else { return }
        let p = s.bar / Int64(t.passBars)
        let figures = passes.removeValue(forKey: p) ?? ([], 0)
        let verdict = t.verdict(deviationsMs: figures.deviations, missed: figures.missed)
        let counted = t.counts(pass: p)
        let change = t.judge(pass: p, verdict: verdict, reachedBar: reachedBar(after: s))
        trainer = t
        var line = "pass \(p + 1) (bars \(p * Int64(t.passBars) + 1)-\(s.bar + 1)) \(verdict.rawValue)"
        if let change {
            session.setTempo(change.milliBPM, fromBar: change.bar)
            line += " → \(Tempo.display(change.milliBPM)) BPM from bar \(change.bar + 1)"
        } else if !counted {
            line += " (played before the last change: it moves nothing)"
        }
        trainerLine = line
        lines.append(line)
    }

    /// The bar the click has reached, for the trainer's next pass boundary: at least the bar
    /// after the judged step's, and one more when the newest step played is in the last beat
    /// of its bar (its bar line may be rendered before the command arrives).
    private func reachedBar(after judged: PlayedStep) -> Int64 {
        var reached = max(session.bar, judged.bar + 1)
        if let n = newestStep {
            reached = max(reached, n.step >= n.stepsPerBar - n.stepsPerBeat ? n.bar + 1 : n.bar)
        }
        return reached
    }

    /// Screen lines: the needle, the last bar, the strip, the trainer, the session.
    public func screenLines(width: Int) -> [String] {
        var out = [CoachDisplay.needle(board, width: max(min(width - 40, 41), 11))]
        out.append(CoachDisplay.lastBar(board) ?? "last bar: none yet")
        out.append(CoachDisplay.strip(board) ?? "bars: none yet")
        if let trainerLine { out.append("trainer: " + trainerLine) }
        out.append(CoachDisplay.session(board.figures))
        return out.map { String($0.prefix(max(width, 1))) }
    }

    /// The plain lines since the last call (`coach: ` lines: a bar's figures, the trainer's verdicts).
    public func takeLines() -> [String] {
        defer { lines.removeAll() }
        return lines.map { "coach: " + $0 }
    }

    /// The median hit-to-screen time in milliseconds, nil before the first hit.
    public var medianHitToScreenMs: Double? {
        guard !hitToScreen.isEmpty else { return nil }
        let s = hitToScreen.sorted()
        let m = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        return m * 1000
    }

    /// The figures since the last call, for the practice log's entry.
    public func takeLogFigures() -> PracticeLogCoaching {
        let f = board.takeStretch()
        return PracticeLogCoaching(hits: f.hits, meanMicroseconds: PracticeLogCoaching.microseconds(f.meanMs),
                                   spreadMicroseconds: PracticeLogCoaching.microseconds(f.spreadMs), missed: f.missed,
                                   driftMicroseconds: PracticeLogCoaching.microseconds(f.driftMs))
    }

    /// At quit: the worker stops; the coach log gets its summary line.
    public func stop() {
        listener?.stop()
        let f = board.figures
        var fields = ["\"summary\":true", "\"hits\":\(f.hits)", "\"missed\":\(f.missed)"]
        if let m = f.meanMs { fields.append("\"mean_ms\":\(number(m, 3))") }
        if let s = f.spreadMs { fields.append("\"spread_ms\":\(number(s, 3))") }
        if let d = f.driftMs { fields.append("\"drift_ms\":\(number(d, 3))") }
        if let h = medianHitToScreenMs { fields.append("\"hit_to_screen_median_ms\":\(number(h, 3))") }
        write("{" + fields.joined(separator: ",") + "}")
        try? log?.close()
    }

    private func write(_ line: String) {
        guard let log, logProblem == nil else { return }
        do { try log.write(contentsOf: Data((line + "\n").utf8)) } catch { logProblem = "coach log: \(error.localizedDescription)" }
    }

    private func number(_ x: Double, _ places: Int) -> String { String(format: "%.\(places)f", x) }
}
