import Engine

/// Setting `LoopStatus` as an action, in the player: `Track` plays the section playing
/// endlessly, `Playlist` loops all sections (the first again after the last), `None` neither.
/// Any thread (pure functions).
public enum MPRISLoop {
    /// The action that sets `LoopStatus` to `value`; nil when the session has no loop (the
    /// metronome, noise), `value` is not MPRIS's, or it is so already.
    public static func action(set value: String, in state: MPRISState) -> Action? {
        guard state.kind == .player, let loop = MPRISState.Loop(rawValue: value), loop != state.loop else { return nil }
        return switch loop {
        case .none: .setLoop(.none)
        case .track: .setLoop(.section)
        case .playlist: .setLoop(.all)
        }
    }
}
