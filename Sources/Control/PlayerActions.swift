import MIDI

/// The rehearsal player as a live session sees it: it takes the mapped MIDI actions it knows
/// (sections, repeats, speed, marks, jumps; start/stop/toggle as play/pause, mute as the
/// click). Control thread only.
public protocol PlayerActions: AnyObject {
    /// Performs a mapped MIDI action with its argument; false when it is not the player's.
    func perform(midi action: MIDIAction, argument: Int64) -> Bool
}
