import Engine

/// The player's `Seek` and `SetPosition` as the one vocabulary's jump: the play head moves by
/// whole milliseconds of the file, within the pass. Any thread (pure functions).
public enum MPRISSeek {
    /// `Seek(offset)`: by `offset` microseconds (to the nearest millisecond, halves away from
    /// zero); nil when the session has no position (the metronome) or the offset is under half a
    /// millisecond.
    public static func action(offset: Int64, in state: MPRISState) -> Action? {
        guard state.position != nil else { return nil }
        let ms = (offset >= 0 ? offset + 500 : offset - 500) / 1000
        guard ms != 0 else { return nil }
        return .jump(milliseconds: Int(clamping: ms))
    }

    /// `SetPosition(trackId, position)`: to `position` microseconds (within half a millisecond), if `trackId` is the track
    /// playing and the position is within the file (MPRIS: otherwise nothing).
    public static func action(setPosition position: Int64, trackID: String, in state: MPRISState) -> Action? {
        guard let here = state.position, position >= 0, position <= (state.length ?? .max),
              trackID == MPRISProperties.trackID(state) else { return nil }
        return action(offset: position - here, in: state)
    }

    /// Where `action` takes the play head from `state`: the position a `Seeked` signal gives
    /// (not before the file's start, nor past its end).
    public static func target(of action: Action, from state: MPRISState) -> Int64? {
        guard case .jump(let ms) = action, let here = state.position else { return nil }
        return min(max(here + Int64(ms) * 1000, 0), state.length ?? .max)
    }
}
