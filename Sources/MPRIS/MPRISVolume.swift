import Engine

/// Setting `Volume` as an action: the click's volume steps to it (0 to 4, in hundredths, as
/// the keys' steps round). Any thread (pure functions).
public enum MPRISVolume {
    /// The click's loudest volume.
    public static let maximum = 4.0

    /// The volume step that takes `state`'s volume to `volume` (clamped to 0…4); nil when it
    /// is already there or the session has no volume to set (the player's music).
    public static func action(set volume: Double, in state: MPRISState) -> Action? {
        guard volume.isFinite, state.kind == .metronome else { return nil }
        let target = min(max(volume, 0), maximum)
        let step = Float(((target - state.volume) * 100).rounded() / 100)
        return step == 0 ? nil : .volumeStep(step)
    }
}
