import Control
import Engine
import Player
import Remote
import WoodshedCore

/// A live session as OSC and `woodshed ctl` drive it: each command's `Action` goes to
/// `LiveEngine.perform`, as a key's or a pedal's does; the state is read from the session and
/// its controller. Control thread.
public final class SessionRemote: RemoteTarget {
    unowned let engine: LiveEngine
    let controller: SessionController

    public init(engine: LiveEngine, controller: SessionController) {
        self.engine = engine
        self.controller = controller
    }

    var session: LiveSession { engine.session }

    public func perform(_ command: OSCCommand, now: Double) {
        engine.perform(command.action)
        if session.quitRequested { engine.loop.quit() }
    }

    public func setMeter(beats: Int, denominator: Int) -> String? { session.changeMeter(beats: beats, denominator: denominator) }
    public func setPattern(_ pattern: String) -> String? { session.changePattern(pattern) }
    public var lastMessage: String { session.message }

    public func remoteState(now: Double) -> SessionState {
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
        if let player = controller as? PlayerController {
            let v = player.player.view()  // now, not at the last refresh: ctl prints the state right after its action
            state.running = !v.paused && v.phase != .ended
            state.section = v.sectionName
            state.pass = Self.passText(v)
            state.speedPercent = Double(v.speed) / 10
            if player.shadow != nil { state.sentence = v.sectionText ?? v.sectionName }
            state.xruns = player.backend.status.xruns
            state.underrunFrames = v.underrunFrames
            state.line = Self.playerLine(v, xruns: state.xruns!)
        } else {
            let position = started ? " · bar \(bar).\(beat)" : ""
            state.line = "\(Tempo.display(milliBPM)) BPM · \(beats)/\(denominator)\(position) · \(state.running ? "running" : "stopped")"
        }
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
