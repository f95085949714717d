import Control
import Engine
import Remote

/// A live session stand-in: records the commands and changes the state as a click would.
final class FakeTarget: RemoteTarget {
    var state = SessionState(milliBPM: 120_000, beats: 4, denominator: 4, running: false, line: "120 BPM · 4/4 · stopped")
    var commands: [OSCCommand] = []
    var lastMessage = ""

    func perform(_ command: OSCCommand, now: Double) {
        commands.append(command)
        switch command.action {
        case .setTempo(let m): state.milliBPM = m
        case .tempoStep(let d): state.milliBPM += d
        case .start: state.running = true
        case .stop: state.running = false
        case .volumeStep(let d): state.volume = ((state.volume + d) * 100).rounded() / 100
        case .setMeter(let beats, let denominator): (state.beats, state.denominator) = (beats, denominator)
        case .setPattern(let p):
            guard p.allSatisfy({ "Xxo.".contains($0) }) else { lastMessage = "bad letters"; return }
            state.pattern = p
        default: break
        }
    }

    func remoteState(now: Double) -> SessionState { state }
}
