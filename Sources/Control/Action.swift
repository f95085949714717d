/// What a user can ask of a live session, in one vocabulary for the keyboard and (later) MIDI
/// pedals and OSC. Any thread may build one; `LiveSession.perform` runs it on the control thread.
public enum Action: Equatable, Sendable {
    case toggleRunning
    case start
    case stop
    /// Tempo up or down by thousandths of a BPM.
    case tempoStep(milliBPM: Int64)
    case setTempo(milliBPM: Int64)
    /// One tap of tap tempo, at a time in seconds on a monotonic clock.
    case tap(at: Double)
    /// Beats per bar up (+1) or down (−1).
    case beatsPerBarStep(Int)
    case setBeatsPerBar(Int)
    case toggleMute
    /// Volume up or down by a linear step.
    case volumeStep(Float)
    case quit
    /// Start with a count-in of this many bars (free mode).
    case countIn(bars: Int)
    /// Next (+1) or previous (−1) song of the setlist, from the next bar line.
    case setlistStep(Int)
    /// Song number n of the setlist (from 1).
    case setlistSong(Int)
    /// A preset by name, from the next bar line.
    case loadPreset(String)
    /// A rehearsal-player action (sections, repeats, speed, marks), by its MIDI action name;
    /// sessions without a player say so.
    case player(String)
}
