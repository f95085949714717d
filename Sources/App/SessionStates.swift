import Control
import Engine
import Player
import WoodshedCore

/// The `SessionState` every surface reads: the engine's part (the live session's tempo, meter,
/// bar and beat; `--for`), to which the controller adds its own (`SessionController.describe`).
/// Control thread.
public enum SessionStates {
    /// The state of `engine`'s session now, described by `controller` (nil: between runs). A
    /// mode without a metronome has no tempo, meter, bar or beat (`metronomeType` "none").
    static func state(of engine: LiveEngine, controller: SessionController?, now: Double) -> SessionState {
        guard let session = engine.session else {
            var state = SessionState(milliBPM: 0, beats: 0, denominator: 0, running: true, metronomeType: SessionState.noMetronome,
                                     secondsLeft: engine.secondsLeft(now: now), line: "playing")
            controller?.describe(&state, now: now)
            return state
        }
        let s = session.settings
        let shown = session.mapPlan != nil ? session.playing : nil
        let milliBPM = shown?.milliBPM ?? s.milliBPM
        let beats = shown?.beats ?? s.beats, denominator = shown?.denominator ?? s.denominator
        let started = session.beat >= 0
        let bar = started ? session.bar + 1 : 0, beat = started ? session.beat + 1 : 0
        let type = session.mode == .follow ? "jack" : session.mapPlan != nil ? "map" : "simple"
        var state = SessionState(milliBPM: milliBPM, beats: beats, denominator: denominator, pattern: s.pattern ?? "",
                                 running: session.running, bar: bar, beat: beat, volume: s.volume, muted: session.muted,
                                 metronomeType: type, secondsLeft: engine.secondsLeft(now: now))
        let position = started ? " · bar \(bar).\(beat)" : ""
        state.line = "\(Tempo.display(milliBPM)) BPM · \(beats)/\(denominator)\(position) · \(state.running ? "running" : "stopped")"
        controller?.describe(&state, now: now)
        return state
    }

    /// "2/3", "1/∞": the pass playing of the section's passes.
    static func passText(_ v: PlayerView) -> String { "\(v.pass + 1)/\(v.passes.map(String.init) ?? "∞")" }

    /// The player's `ctl status` line: `section 1/2 verse · pass 1/3 · playing · speed 1× · xruns 0 · underrun frames 0`.
    static func playerLine(_ v: PlayerView, xruns: Int) -> String {
        "section \(v.sectionIndex + 1)/\(v.sectionCount) \(v.sectionName) · pass \(passText(v)) · "
            + "\(v.paused ? "paused" : v.phase.rawValue) · speed \(PlayerSession.speedText(v.speed)) · "
            + PlayerController.xrunWords(xruns: xruns, underrunFrames: v.underrunFrames)
    }
}
