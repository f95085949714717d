import Foundation
import Takes

/// `--record` in a live player: the recorder behind the input capture, and what it said put
/// into words for the screen, the plain lines and the end of the run. Control thread (the
/// recorder has its own thread).
public final class TakeRecording {
    public let recorder: Recorder
    /// "sentence" (shadow) or "section" (play): what a take belongs to.
    let unit: String
    /// True while a turn is being recorded (from its first frame to its saved take).
    public private(set) var recordingNow = false
    /// The last take saved: its words for the screen ("your take").
    public private(set) var lastTake: String?
    /// Why recording stopped (a write error, a full disk), once it has.
    public private(set) var stopLine: String?
    /// Plain lines not yet printed.
    private var lines: [String] = []
    /// Takes saved in this run (the practice log notes them).
    public private(set) var savedTakes: [Take] = []
    let rate: Int

    public init(recorder: Recorder, unit: String, rate: Int) {
        self.recorder = recorder
        self.unit = unit
        self.rate = rate
    }

    /// Takes the recorder's events (each status refresh).
    public func refresh() {
        for e in recorder.events() {
            switch e {
            case .recording(let section, let pass):
                recordingNow = true
                lines.append("recording \(unit) \(section + 1) · pass \(pass + 1)")
            case .saved(let take, _, let frames, let removed):
                recordingNow = false
                savedTakes.append(take)
                let seconds = String(format: "%.2f", Double(frames) / Double(max(rate, 1)))
                lastTake = "your take: \(unit) \(take.section + 1) take \(take.number) (\(seconds) s)"
                lines.append("take \(take.number) of \(unit) \(take.section + 1) saved (\(seconds) s): \(take.path)"
                             + (removed.isEmpty ? "" : " · \(removed.count) older removed (--keep)"))
            case .stopped(let line):
                recordingNow = false
                stopLine = line
                lines.append(line)
            case .dropped(let line):
                recordingNow = false
                lines.append(line)
            }
        }
    }

    /// At quit, before the practice log's last line: the recorder reads what is left (a take
    /// whose turn has ended is saved, one still being recorded is dropped) and stops.
    public func stop() {
        recorder.stop()
        refresh()
    }

    /// The takes of `section` saved since the last call for it (the practice log notes them).
    public func takeTakesToLog(section: Int) -> Int {
        let n = savedTakes.filter { $0.section == section }.count
        savedTakes.removeAll { $0.section == section }
        return n
    }

    /// The lines to print since the last call.
    public func takeLines() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}
