import Control
import Engine
import MIDIInput

/// `midi monitor` and `midi learn` on the one control loop: a watching session (nothing
/// played) whose MIDI is looked at as it comes. RtMidi's thread (ALSA input) and the quit
/// signals wake the loop at once; JACK MIDI, which the render thread may not announce (a
/// syscall), is read at the status refresh, 30 a second, with the JACK upkeep. No fixed poll.
/// Main thread (the control thread).
public final class ListeningLoop {
    public let loop: ControlLoop
    public let output: LiveOutput
    public let session: LiveSession
    /// MIDI inputs read through RtMidi (ALSA), if any.
    public let midiInputs: [RtMidiInput]

    public init(loop: ControlLoop = ControlLoop(), output: LiveOutput, session: LiveSession, midiInputs: [RtMidiInput] = []) {
        self.loop = loop
        self.output = output
        self.session = session
        self.midiInputs = midiInputs
    }

    /// Runs until `look` says it is done (`.programEnded`), `seconds` pass (`.timeUp`), or a
    /// quit signal (`.quit`). `look` runs after each refresh's MIDI, notices and JACK upkeep,
    /// with the loop's time. The output stays open: the caller closes it.
    @discardableResult
    public func run(for seconds: Double?, look: @escaping (Double) -> Bool) -> ControlLoop.End {
        for input in midiInputs { input.wake(loop.wakePipe.writeDescriptor) }
        defer { for input in midiInputs { input.wake(-1) } }  // the pipe closes with the loop
        let refresh = { [unowned self] in
            guard loop.end == nil else { return }
            let now = loop.now
            ExternalMIDI.deliver(midiInputs, to: session, now: now)
            session.drainNotices(now: now)
            output.tick(now: now)
            if look(now) { loop.quit(.programEnded) }
        }
        loop.onWake(refresh)
        loop.every(1 / LiveEngine.refreshRate, refresh)
        // The last look comes first: what arrived in the last moment is still seen.
        if let seconds { loop.after(seconds) { [unowned self] in refresh(); loop.quit(.timeUp) } }
        return loop.run()
    }
}
