import WoodshedCore

/// What a user can ask of a live session: the one vocabulary of every input surface. Keys
/// (`KeyMap`), MIDI maps (`Action(midi:value:text:now:)`, the one place a fired mapping becomes
/// an action) and remote surfaces map into it; each session's controller performs it (the
/// click: `LiveSession.perform`; the player: `PlayerController.perform`), and one it has no part
/// for is said on screen. Any thread may build one; it is performed on the control thread.
public enum Action: Equatable, Sendable {
    /// Start or stop (the player: play or pause; after the end of its program, the section again).
    case toggleRunning
    /// Start (the player: play, if paused).
    case start
    /// Stop (the player: pause, if playing).
    case stop
    /// Tempo up or down by thousandths of a BPM.
    case tempoStep(milliBPM: Int64)
    case setTempo(milliBPM: Int64)
    /// One tap of tap tempo, at a time in seconds on a monotonic clock.
    case tap(at: Double)
    /// Beats per bar up (+1) or down (−1).
    case beatsPerBarStep(Int)
    case setBeatsPerBar(Int)
    /// klick's `set_meter`: this meter from the next bar (the metronome; a tempo map or the
    /// transport master refuses, saying why).
    case setMeter(beats: Int, denominator: Int)
    /// klick's `set_pattern`: this accent pattern (`X..x.x.`; empty: the accent on beat 1) from
    /// the next bar.
    case setPattern(String)
    /// The click off or on (the player: its count-ins and the music's click).
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

    // The rehearsal player's (`play`, `shadow`, `playlist play`; in shadowing a section is a sentence).

    /// The next (+1) or previous (−1) section, from its first pass.
    case sectionStep(Int)
    /// The section playing, again from its first pass.
    case sectionAgain
    /// The section playing, again from its first pass, that pass alone at this many thousandths
    /// of its speed (850: the learner's "again, slower"; 1150: "again, faster").
    case sectionAgainAtSpeed(thousandths: Int)
    /// One pass more (+1) or less (−1) for the section playing.
    case repeatStep(Int)
    /// The session speed up or down by this many thousandths (50 = 5 %), from where the pass is.
    case speedStep(thousandths: Int)
    /// The play head forward or back by this many milliseconds of the file, within the pass.
    case jump(milliseconds: Int)
    /// The section's start (A) here.
    case markIn
    /// The section's end (B) here: with a mark in, a new section from it to here.
    case markOut
    /// Move the playing section's start (A) or end (B) by this many milliseconds (±); shadowing
    /// moves a bad cut by its own step (`--nudge`) in the direction asked.
    case nudge(SectionEdge, milliseconds: Int)
    /// How the program loops (MPRIS's `LoopStatus`).
    case setLoop(LoopMode)
    /// The overview list's cursor one section down (+1) or up (−1) (`play`, `shadow`).
    case sectionCursorStep(Int)
    /// The section under the overview list's cursor, from its first pass.
    case startSectionAtCursor
    /// Speed 1, transpose 0 and the playing section's saved plan.
    case reset
    /// The quick i/o loop playing, kept as a section of the file.
    case keepLoop
    /// What follows each section for this session: the next of then next, stop and loop-all.
    case cycleAdvance

    // The screen's.

    /// The oscilloscope and meters on or off (player, shadowing, noise).
    case toggleScope

    // Tinnitus relief and listening filters.

    /// The `--notch` off or on, crossfading over 20 ms (player, shadowing, noise).
    case toggleNotch
    /// The `--filter` off or on, crossfading over 20 ms (player).
    case toggleFilter
    /// The `--karaoke` off or on, crossfading over 20 ms (player).
    case toggleKaraoke

    // The clock's and the tinnitus match's.

    /// Snooze the alarm ringing (`woodshed clock`).
    case snooze
    /// The match tone up (+) or down (−) by this many 1/48 octave steps (`tinnitus match`).
    case matchPitch(steps: Int)
    /// The match tone louder (+) or softer (−) by this many decibels.
    case matchLevel(decibels: Double)
    /// The octave check's choice: tone 1, 2 or 3 (from 0).
    case matchChoose(Int)
    /// This tone is the match.
    case matchAccept

    /// Which end of a section.
    public enum SectionEdge: Equatable, Sendable { case start, end }
}
