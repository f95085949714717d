import Control
import Foundation
import RenderGraph
import Testing
import WoodshedCore
@testable import App

/// `click --coach` on the control thread, without JACK: the renderer runs offline block by block,
/// the steps it played come back as notices, and onsets are given as the worker would give them.
@Suite("LiveCoach: onsets against the grid the renderer played, and the trainer that listens")
struct LiveCoachTests {
    /// A session at 120 BPM 4/4 with its renderer at 48 kHz, started.
    func startedSession() throws -> (LiveSession, Renderer) {
        let session = LiveSession(settings: ClickSettings(), mapPlan: ClickPlan(map: TempoMap(entries: [
            TempoMapEntry(bars: nil, meter: .fourFour, tempo: .constant(try Tempo(bpm: 120)))])))
        session.keepsPlayedSteps = true
        let renderer = try session.makeRenderer(rate: 48_000)
        session.perform(.start)
        return (session, renderer)
    }

    @Test("each onset on its nearest beat to the frame, a beat without one missed, the bar's mean and spread, the log's lines")
    func hitsAndMisses() throws {
        let (session, renderer) = try startedSession()
        let logURL = FileManager.default.temporaryDirectory.appendingPathComponent("coach-log-\(getpid()).jsonl")
        FileManager.default.createFile(atPath: logURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: logURL) }
        let coach = LiveCoach(session: session, listener: nil, rate: 48_000, trainer: nil, log: FileHandle(forWritingAtPath: logURL.path),
                              latencyFrames: { 0 })
        let click = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { click.deallocate() }
        // Two bars (beats at 24 000 frames): beat 3 of bar 1 is not played; bar 2 is played +1, −2, +3, +2 ms.
        let played: [Double] = [0, 24_000 - 48, 72_000 + 24, 96_000 + 48, 120_000 - 96, 144_000 + 144, 168_000 + 96]
        var position = 0
        while position < 200_000 {
            renderer.process(frames: 256, click: click)
            position += 256
            session.drainNotices(now: 0)
            let heard = Double(position - 2_000)
            coach.take(steps: session.takePlayedSteps(), onsets: [], heardUpTo: heard)
            // Onsets come in as they are heard.
            let due = played.filter { $0 < heard && $0 >= heard - 256 }
            if !due.isEmpty { coach.take(steps: [], onsets: due, heardUpTo: heard) }
        }
        coach.stop()
        #expect(coach.board.bars.map(\.bar) == [0, 1])
        #expect(coach.board.bars[0].deviations == [0, -1, 0.5])
        #expect(coach.board.bars[0].missed == 1)
        #expect(coach.board.bars[1].deviations == [1, -2, 3, 2])
        #expect(coach.board.bars[1].mean == 1)
        #expect(coach.board.bars[1].spread == 3.5.squareRoot())
        #expect(coach.board.figures == CoachBoard.Figures(hits: 7, meanMs: 3.5 / 7, spreadMs: coach.board.figures.spreadMs, missed: 1))
        #expect(CoachDisplay.barLine(coach.board.bars[1]) == "bar 2: mean +1.0 ms · spread 1.9 ms · 4 hits · 0 missed")
        #expect(CoachDisplay.strip(coach.board) == "bars 1-2  x +1")
        #expect(CoachDisplay.needle(coach.board, width: 11) == "ahead ·····●····· behind  +2.0 ms at 2.4.1")
        let log = try String(contentsOf: logURL, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(log[0] == #"{"time":0.000000,"position":"1.1.1","deviation_ms":0.000,"frame":0.00,"grid_frame":0}"#)
        #expect(log[1] == #"{"time":0.499000,"position":"1.2.1","deviation_ms":-1.000,"frame":23952.00,"grid_frame":24000}"#)
        #expect(log[2] == #"{"missed":"1.3.1","grid_frame":48000}"#)
        #expect(log.count == 9)
        #expect(log[8].hasPrefix(#"{"summary":true,"hits":7,"missed":1,"mean_ms":0.500,"#))
        let entry = coach.takeLogFigures()
        #expect(entry.hits == 7 && entry.missed == 1 && entry.meanMicroseconds == 500)
    }

    @Test("a clean pass steps the tempo up from exactly the next pass boundary; a pass with a miss steps it back")
    func trainerSteps() throws {
        let (session, renderer) = try startedSession()
        // Levels 120 and 150 BPM, a pass of one bar, clean within ±20 ms.
        let trainer = CleanPassTrainer(tempi: [120_000, 150_000], passBars: 1, toleranceMs: 20)
        let coach = LiveCoach(session: session, listener: nil, rate: 48_000, trainer: trainer, log: nil, latencyFrames: { 0 })
        let click = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { click.deallocate() }
        var played: [PlayedStep] = []
        var pending: [Double] = []
        var position = 0
        while position < 600_000 {
            renderer.process(frames: 256, click: click)
            position += 256
            session.drainNotices(now: 0)
            let steps = session.takePlayedSteps()
            played += steps
            // The player: every beat 5 ms late, except beat 2 of bar 3, which is not played.
            for s in steps where s.cell != .silent && !(s.bar == 2 && s.step == 1) { pending.append(Double(s.frame) + 240) }
            let heard = Double(position - 2_000)
            let due = pending.filter { $0 < heard }
            pending.removeAll { $0 < heard }
            coach.take(steps: steps, onsets: due, heardUpTo: heard)
        }
        // Bar 1 clean (final in bar 2): 150 from bar 3. Bar 2 (at 120 while that was decided) counts
        // for nothing. Bar 3 has a miss (final in bar 4): back to 120 from bar 5.
        let bars = Dictionary(grouping: played, by: \.bar).mapValues { $0.map(\.frame) }
        #expect(bars[0] == [0, 24_000, 48_000, 72_000])
        #expect(bars[1] == [96_000, 120_000, 144_000, 168_000])
        #expect(bars[2] == [192_000, 211_200, 230_400, 249_600])
        #expect(bars[3] == [268_800, 288_000, 307_200, 326_400])
        #expect(bars[4] == [345_600, 369_600, 393_600, 417_600])
        #expect(played.filter { $0.bar == 2 }.allSatisfy { $0.milliBPM == 150_000 })
        #expect(played.filter { $0.bar == 4 }.allSatisfy { $0.milliBPM == 120_000 })
        #expect(coach.takeLines().filter { $0.contains("pass") }.prefix(4) == [
            "coach: pass 1 (bars 1-1) clean → 150 BPM from bar 3",
            "coach: pass 2 (bars 2-2) clean (played before the last change: it moves nothing)",
            "coach: pass 3 (bars 3-3) miss → 120 BPM from bar 5",
            "coach: pass 4 (bars 4-4) clean (played before the last change: it moves nothing)",
        ])
    }

    @Test("the gap trainer: notes over its muted bars are measured against the clicks not played; their mean is the drift")
    func gapDrift() throws {
        // One bar played, one muted: bar 2 is silent.
        let session = LiveSession(settings: ClickSettings(), mapPlan: ClickPlan(map: TempoMap(entries: [
            TempoMapEntry(bars: nil, meter: .fourFour, tempo: .constant(try Tempo(bpm: 120)))]), gapTrainer: GapTrainer(playBars: 1, muteBars: 1)))
        session.keepsPlayedSteps = true
        let renderer = try session.makeRenderer(rate: 48_000)
        session.perform(.start)
        let coach = LiveCoach(session: session, listener: nil, rate: 48_000, trainer: nil, log: nil, latencyFrames: { 0 })
        let click = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { click.deallocate() }
        // Bar 1 on time; over the silent bar 2 the player rushes: −2, −4, −6, −8 ms.
        let played: [Double] = [0, 24_000, 48_000, 72_000, 96_000 - 96, 120_000 - 192, 144_000 - 288, 168_000 - 384]
        var position = 0
        while position < 200_000 {
            renderer.process(frames: 256, click: click)
            position += 256
            session.drainNotices(now: 0)
            let heard = Double(position - 2_000)
            coach.take(steps: session.takePlayedSteps(), onsets: played.filter { $0 < heard && $0 >= heard - 256 }, heardUpTo: heard)
        }
        #expect(coach.board.bars.map(\.inGap) == [false, true])
        #expect(coach.board.bars[1].deviations == [-2, -4, -6, -8])
        #expect(coach.board.figures.driftMs == -5)
        #expect(CoachDisplay.barLine(coach.board.bars[1]) == "bar 2 (gap): mean -5.0 ms · spread 2.2 ms · 4 hits · 0 missed")
        #expect(CoachDisplay.session(coach.board.figures) == "coach: 8 hits · mean -2.5 ms · spread 3.0 ms · 0 missed · gap drift -5.0 ms")
        #expect(coach.takeLogFigures().driftMicroseconds == -5_000)
    }
}
