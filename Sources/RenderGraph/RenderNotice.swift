/// What the renderer tells the control thread, through a `CommandRing` it only pushes to.
/// Trivial payloads only. A full ring drops notices (the display skips a flash), never waits.
public enum RenderNotice: Sendable, BitwiseCopyable, Equatable {
    /// A beat started at `frame` of the timeline: bar (count-in bars negative, bar 1 is 0),
    /// beat in the bar from 0, its level, the meter of that bar and the tempo there
    /// (thousandths of a quarter-note BPM).
    case beat(bar: Int64, beat: Int32, beatsPerBar: Int32, denominator: Int32, milliBPM: Int64, levelRaw: UInt8, frame: Int64)
    /// The renderer switched to another timeline: the one with this id is no longer read and
    /// may be freed on the control thread.
    case timelineRetired(id: UInt64)
    /// A `.setTempo` could not apply (a tempo map with ramps or several tempi runs).
    case tempoRefused
    /// A finite timeline reached its end.
    case finished
    /// A JACK MIDI message arrived at `frame` (frames processed since the renderer started),
    /// reported under `MIDIPolicy.monitor` only.
    case midiMessage(kindRaw: UInt8, channel: UInt8, data1: UInt8, data2: UInt8, frame: Int64)
    /// The mapping at `index` of the MIDI map fired with `value`; `applied`: the renderer has
    /// already done it at that frame (else the control thread does, if it can).
    case midiFired(index: Int32, value: UInt8, applied: Bool, frame: Int64)
    /// The live tempo the renderer plays from now, in thousandths of a BPM, after a JACK MIDI
    /// mapping (`byMIDI`) or a `.editTempo` command: the control thread's model takes it, so
    /// the two agree whatever order pedal, key and remote edits came in.
    case tempoChanged(milliBPM: Int64, byMIDI: Bool)
    /// A tap from JACK MIDI that set no tempo yet (the first tap).
    case tapped(count: Int32)
    /// The click started or stopped on the render thread (JACK MIDI).
    case runningChanged(Bool)
    /// The click was muted or unmuted on the render thread (JACK MIDI).
    case mutedChanged(Bool)
    /// A step of the grid played at `frame` (every step, silent `.` cells and count-in bars
    /// too), reported only when `Renderer.reportsSteps` (the coach's grid): its bar, its step in
    /// the bar, the bar's steps and steps per beat, the pattern's level (even in a gap
    /// trainer's muted bar), whether that bar is muted, and the tempo there.
    case step(bar: Int64, step: Int32, stepsPerBar: Int32, stepsPerBeat: Int32, cellRaw: UInt8, inGap: Bool,
              milliBPM: Int64, frame: Int64)
    /// A `.setTempoAtBar` applied: the tempo from the first frame of `bar`.
    case tempoChangedAtBar(milliBPM: Int64, bar: Int64)
}
