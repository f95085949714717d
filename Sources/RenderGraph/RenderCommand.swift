import WoodshedCore

/// A command to the render thread from the control thread, not a user intent (that is `Action`,
/// in `Control`). Trivial payloads only: nothing to retain or free. Sent through a `CommandRing`,
/// applied at the top of the next cycle.
public enum RenderCommand: Sendable, BitwiseCopyable, Equatable {
    /// Start the click from the current position (free-running mode).
    case start
    /// Stop; voices already sounding ring out.
    case stop
    /// Move the play position to a frame of the timeline (next click at or after it).
    case locate(frame: Int64)
    /// Master volume, linear (1 = unity).
    case setMasterVolume(Float)
    /// Volume of one level (accent, normal, subdivision), linear.
    case setLevelVolume(levelRaw: UInt8, volume: Float)
    /// A linear fade to silence over `frames` frames, from the first frame of the cycle that
    /// takes it: frame k of the fade is at gain (frames − k) / frames, silence after it (the
    /// end of a `--for` timer). The master volume is kept.
    case fadeOut(frames: Int64)
    /// Mute or unmute the click output (the timeline keeps running).
    case setMuted(Bool)
    /// A tempo edit from the first frame of the cycle, applied to the tempo the renderer holds
    /// (so a pedal's change not yet seen by the control thread is stepped from, not undone),
    /// keeping the beat phase, and reported as `.tempoChanged`. Single-tempo timelines only;
    /// the renderer reports `.tempoRefused` otherwise.
    case editTempo(TempoEdit)
    /// A new tempo from the first frame of bar `bar` (or the first bar line after it, if the
    /// click is already past it), keeping the beat phase: the listening speed trainer's step at
    /// a pass boundary. Single-tempo timelines only (`.tempoRefused` otherwise); a later one
    /// replaces one not yet applied.
    case setTempoAtBar(milliBPM: Int64, bar: Int64)
    /// Continue on another timeline (new meter or pattern) from the next bar line, or at once
    /// when stopped. The control thread keeps it alive until `.timelineRetired` names it.
    case adopt(TimelineHandle)
    /// Another song (setlist, preset): like `adopt`, from the next bar line or at once when
    /// stopped, but with the new timeline's own tempi (a live tempo is dropped).
    case replace(TimelineHandle)
}
