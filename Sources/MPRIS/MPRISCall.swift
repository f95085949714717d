import Engine

/// A method call of MPRIS's player interface (and `Quit` of the root), as the D-Bus member
/// names it, and the `Action` it stands for in each kind of session. Any thread (a value).
public enum MPRISCall: String, Equatable, Sendable, CaseIterable {
    case playPause = "PlayPause"
    case play = "Play"
    case pause = "Pause"
    case stop = "Stop"
    case next = "Next"
    case previous = "Previous"
    case quit = "Quit"

    /// The metronome's Next/Previous step unless `--mpris-step` says otherwise: 1 BPM.
    public static let tempoStepMilliBPM: Int64 = 1_000

    /// What this call asks of a session of `kind`; nil: nothing (Next/Previous without tempo or
    /// sections). Stop stops the metronome and pauses the player (it keeps its place).
    public func action(in kind: MPRISState.Kind, tempoStep: Int64 = MPRISCall.tempoStepMilliBPM) -> Action? {
        switch self {
        case .playPause: .toggleRunning
        case .play: .start
        case .pause, .stop: .stop
        case .quit: .quit
        case .next, .previous:
            switch kind {
            case .metronome: .tempoStep(milliBPM: self == .next ? tempoStep : -tempoStep)
            case .player: .sectionStep(self == .next ? 1 : -1)
            case .other: nil
            }
        }
    }
}
