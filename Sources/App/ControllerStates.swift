import Control
import Engine
import Foundation
import WoodshedCore

// What each live session adds to its `SessionState` (`SessionController.describe`). Control thread.

extension SessionController {
    /// A session without tempo or sections: titled "Woodshed".
    public func describe(_ state: inout SessionState, now: Double) {}
}

extension NoiseController {
    /// Playing, titled by the noise ("Brown Noise"); with `--for`, its length and the whole
    /// seconds left; the line says both and the notch's state: "Brown Noise · playing · 14:59
    /// left · notch on".
    public func describe(_ state: inout SessionState, now: Double) {
        let rate = Int64(max(timer.rate, 1))
        let micros = { (frames: Int64) in Int64(ExactMath.roundDiv(Int128(frames) * 1_000_000, Int128(rate))) }
        let total = timer.totalFrames
        state.title = title
        state.length = total.map(micros)
        if let total { state.secondsLeft = Int(((max(total - played, 0)) + rate - 1) / rate) }
        var words = [title, "playing"]
        if let left = state.secondsLeft { words.append("\(ClockText.minutes(left)) left") }
        if let notchSwitch { words.append(notchSwitch.isOn ? "notch on" : "notch off") }
        state.line = words.joined(separator: " · ")
    }
}

extension MetronomeController {
    /// Playing or stopped, "132 BPM · 7/8" (a tempo map's where its last beat was), the volume,
    /// the tempo over the tempo at the start as the rate.
    public func describe(_ state: inout SessionState, now: Double) {
        state.kind = .metronome
        state.title = "\(Tempo.display(state.milliBPM)) BPM · \(state.beats)/\(state.denominator)"
        state.rate = .tempo(milliBPM: state.milliBPM, atStart: startMilliBPM, range: Tempo.allowed)
    }
}

extension PlayerController {
    /// The session speeds `PlayerSession.stepSpeed` allows, in thousandths.
    static let speedRange = 250...2000

    /// Playing or paused (stopped once the program ended); the section, its pass and speed,
    /// the glitches and the `ctl status` line; "file · section", the section's index (the track
    /// id), the play head in the file (the section's start in count-ins and gaps), its URL and
    /// length, the session speed as the rate, the section looping endlessly (`track`) or the
    /// program looping all (`playlist`).
    public func describe(_ state: inout SessionState, now: Double) {
        let v = player.view()  // now, not at the last refresh: ctl prints the state right after its action
        state.kind = .player
        state.running = !v.paused && v.phase != .ended
        state.paused = v.paused && v.phase != .ended
        state.section = v.sectionName
        state.pass = SessionStates.passText(v)
        state.speedPercent = Double(v.speed) / 10
        if shadow != nil { state.sentence = v.sectionText ?? v.sectionName }
        state.xruns = backend.status.xruns
        state.underrunFrames = v.underrunFrames
        state.line = SessionStates.playerLine(v, xruns: state.xruns!)
        let url = URL(fileURLWithPath: file.info.path)
        let rate = Int128(max(file.info.rate, 1))
        let micros = { (frames: Int64) in Int64(ExactMath.roundDiv(Int128(frames) * 1_000_000, rate)) }
        state.title = "\(url.lastPathComponent) · \(v.sectionName)"
        state.sectionIndex = v.sectionIndex
        state.passHeard = v.pass + 1
        state.position = micros(v.sourceFrame)
        state.length = micros(file.info.frames)
        state.url = url.absoluteString
        state.rate = .speed(thousandths: v.sessionSpeed, range: Self.speedRange)
        state.loop = v.passes == nil ? .track : player.sections[v.sectionIndex].plan.advance == .loopAll ? .playlist : .none
    }
}
