import Coach
import Foundation
import Media
import WoodshedCore

/// `woodshed coach TAKE TEMPO|--map FILE [--start SECONDS]`: how early or late each note of a
/// recording was against the click's grid, bar 1 beat 1 at `start` seconds into the take.
/// Main thread (reads the file and analyses it).
public struct CoachJob {
    /// How the report is written: a table, JSON or CSV (`CoachJobOutput`).
    public enum Format: Sendable { case table, json, csv }

    public var take: String
    public var click: ClickRequest
    /// Seconds into the take where bar 1 beat 1 falls.
    public var start: Double
    public var format: Format

    /// Frames read (stereo) and analysed per step.
    static let blockFrames = 1 << 16

    public init(take: String, click: ClickRequest, start: Double = 0, format: Format = .table) {
        self.take = take
        self.click = click
        self.start = start
        self.format = format
    }

    /// The options checked together before the take is opened.
    public func check() throws(OptionProblem) {
        if click.tempo == nil && click.map == nil && click.preset == nil {
            throw OptionProblem("give the click's tempo (e.g. 120), --map FILE or --preset NAME")
        }
        try click.check(volume: 1, levels: nil)
        guard start.isFinite, start >= 0 else {
            throw OptionProblem("--start must be 0 or more seconds, not \(CoachJob.seconds(start))")
        }
    }

    /// Measures the take; `showProgress`: a progress line on stderr while a long file is analysed.
    public func measure(showProgress: Bool = false) throws -> CoachReport {
        // An endless click stays endless (the grid ends with the take) unless --bars ends it.
        let setup = try ClickSetup(options: click, lengthGivenInSeconds: click.bars == nil)
        let source = try AudioSource.open(path: take)
        let rate = source.info.rate, frames = source.info.frames
        let anchor = start * Double(rate)
        guard anchor < Double(frames) else {
            throw CoachJobError.startPastEnd(path: take, start: start, length: source.info.seconds)
        }
        let grid = try ClickGrid(plan: setup.plan, sampleRate: rate, anchorFrame: anchor, endFrame: Double(frames))
        let detector = try OnsetDetector(sampleRate: rate)
        let progress = ProgressLine(label: "listening to \(take)", rate: rate, enabled: showProgress)
        let stereo = UnsafeMutablePointer<Float>.allocate(capacity: 2 * Self.blockFrames)
        let mono = UnsafeMutablePointer<Float>.allocate(capacity: Self.blockFrames)
        defer { stereo.deallocate(); mono.deallocate() }
        var onsets: [Onset] = []
        var at: Int64 = 0
        while at < frames {
            let n = Int(min(Int64(Self.blockFrames), frames - at))
            source.read(from: at, count: n, into: stereo)
            for i in 0..<n { mono[i] = 0.5 * (stereo[2 * i] + stereo[2 * i + 1]) }
            onsets += detector.feed(UnsafeBufferPointer(start: mono, count: n))
            at += Int64(n)
            progress.update(done: at, total: frames)
        }
        onsets += detector.finish()
        progress.finish()
        if let stop = source.readFailure { throw AudioFileError.decodeFailed(path: take, reason: stop) }
        return CoachReport(onsets: onsets, grid: grid, fromFrame: anchor, toFrame: Double(frames))
    }

    /// The whole job: the report in the chosen format.
    public func run() throws -> String {
        try check()
        let report = try measure(showProgress: ProgressLine.stderrIsTerminal)
        return CoachJobOutput(report: report).text(format)
    }

    /// Seconds as the messages write them: 1.5, 12, -0.25.
    static func seconds(_ s: Double) -> String {
        s == s.rounded() && abs(s) < 1e15 ? String(Int64(s)) : String(s)
    }
}
