import Control
import Engine
import Remote

/// The live session behind the OSC target: tempo, start and stop change its state as a click's
/// would, so that what klick's namespace computes from them (increments, limits, replies) runs
/// on what the fuzzer sent before in the same packet's session. One per input. Any thread.
final class FuzzRemoteTarget: RemoteTarget {
    var state = SessionState(milliBPM: 120_000, beats: 4, denominator: 4, running: false, line: "120 BPM · 4/4 · stopped")
    var lastMessage = ""

    func perform(_ command: OSCCommand, now: Double) {
        switch command.action {
        case .setTempo(let milliBPM): state.milliBPM = milliBPM
        case .start: state.running = true
        case .stop: state.running = false
        case .setMeter(let beats, let denominator): (state.beats, state.denominator) = (beats, denominator)
        case .setPattern(let p): state.pattern = p
        default: break
        }
    }

    func remoteState(now: Double) -> SessionState { state }


}
