import Control
import MIDIInput

/// MIDI read through RtMidi (ALSA devices not bridged into JACK), handed to the live session
/// on the control thread. Control thread.
public enum ExternalMIDI {
    /// Hands every message the inputs received to `session`.
    public static func deliver(_ inputs: [RtMidiInput], to session: LiveSession, now: Double) {
        for input in inputs {
            while let e = input.tryReceive() {
                var bytes = (e.byte0, e.byte1, e.byte2)
                withUnsafeBytes(of: &bytes) { raw in
                    session.receiveExternalMIDI(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: Int(e.count), now: now)
                }
            }
        }
    }
}
