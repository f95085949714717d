import Control
import Engine
import MIDIInput

/// MIDI read through RtMidi (ALSA devices not bridged into JACK) as a surface: RtMidi's thread
/// queues each message and wakes the loop; each status refresh hands them to the live
/// session's MIDI map, whose actions the engine performs from `.midi`. Control thread.
public final class RtMidiSurface: Surface {
    public let inputs: [RtMidiInput]
    private let session: LiveSession

    public init(_ inputs: [RtMidiInput], session: LiveSession) {
        self.inputs = inputs
        self.session = session
    }

    public func attach(to host: SurfaceHost) {
        for input in inputs { input.wake(host.loop.wakePipe.writeDescriptor) }
    }

    public func collect(now: Double) {
        ExternalMIDI.deliver(inputs, to: session, now: now)
    }

    /// The pipe closes with the loop: RtMidi's thread must not write to a reused descriptor.
    public func detach() {
        for input in inputs { input.wake(-1) }
    }
}
