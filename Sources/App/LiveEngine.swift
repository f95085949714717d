import Control
import Foundation
import JackBackend
import MIDIInput
import MPRIS
import Remote
import TerminalUI

/// A live session on the control loop: keys from standard input, RtMidi input (it wakes the
/// loop), the status refresh (MIDI, the renderer's notices, JACK upkeep, the screen or plain
/// lines), the `--for` timer with its fade-out, autosave, and an orderly stop. Main thread (the
/// control thread).
///
/// `--for T` has one rule in every mode: a linear fade over the last min(10 s, T/2), computed
/// per frame on the render thread, then quit at T.
public final class LiveEngine {
    /// Status refreshes a second (the beat flash needs about 30).
    public static let refreshRate = 30.0
    /// The longest `--for` fade-out.
    public static let longestFade = 10.0

    public let loop: ControlLoop
    public let output: LiveOutput
    public let session: LiveSession
    /// Full screen on a terminal; plain lines otherwise.
    public let fullScreen: Bool
    /// `--for`, in seconds.
    public let stopAfter: Double?
    /// MIDI inputs read through RtMidi (ALSA), if any.
    public var midiInputs: [RtMidiInput] = []
    /// Put the MPRIS object on the session bus while a run lasts. The live commands turn it on
    /// (`--no-mpris` leaves it off); off by default, so an engine in a test never sees the bus.
    public var mpris = false
    /// The metronome's MPRIS Next/Previous step in thousandths of a BPM (`--mpris-step`).
    public var mprisTempoStep = MPRISCall.tempoStepMilliBPM
    /// The MPRIS object of the run, if there is a session bus.
    private var mprisLink: MPRISLink?
    /// `--osc`: the OSC server, read on the loop when a packet waits; nil without `--osc`.
    public var osc: OSCServer?
    /// `woodshed ctl`'s socket; nil when it could not be made (a warning said why).
    public var controlSocket: ControlSocket?
    /// What OSC and `woodshed ctl` drive (made by `run`).
    private var remote: SessionRemote?
    /// When `--for` runs out, on the loop's clock.
    public private(set) var timerEnds: Double?
    /// The `--for` fade-out once it has begun (the JACK link and the deck take it up on a new
    /// connection).
    public let fade: RunningFade
    private let keys: KeyInput
    /// Where the plain lines go; the default is stdout, and when its reader is gone the run ends
    /// as with `q` (saved as on any quit).
    private var write: (String) -> Void = { _ in }
    /// The controller `run` is running (nil before and after).
    private weak var controller: SessionController?

    /// `fade`: shared with the JACK link and the deck maker (default: one on the loop's clock).
    public init(loop: ControlLoop = ControlLoop(), output: LiveOutput, session: LiveSession, stopAfter: Double?,
                fade: RunningFade? = nil, fullScreen: Bool = Terminal.stdoutIsTerminal, keys: KeyInput = KeyInput(),
                write: ((String) -> Void)? = nil) {
        self.loop = loop
        self.fade = fade ?? RunningFade(clock: loop.clock)
        self.output = output
        self.session = session
        self.stopAfter = stopAfter
        self.fullScreen = fullScreen
        self.keys = keys
        self.write = write ?? { line in
            if !StandardOutputLine.write(line) && loop.end == nil { loop.quit() }
        }
    }

    /// The fade-out of `--for T`: min(10 s, T/2).
    public static func fadeSeconds(forTimer seconds: Double) -> Double { min(longestFade, seconds / 2) }

    /// Seconds left of `--for` (rounded up to whole seconds), nil without it.
    public func secondsLeft(now: Double) -> Int? {
        timerEnds.map { Int(max(0, $0 - now).rounded(.up)) }
    }

    /// Who asked for the action being performed (`.keys` between actions): a controller saves
    /// what an action says it saves only when the keys asked (`ActionSource.edits`). Main thread.
    public private(set) var performing: ActionSource = .keys

    /// Runs `action` on the running session, whichever surface it came from: keys, MIDI mappings
    /// (`LiveSession.takeMIDIActions`) and remote surfaces all come through here. `.quit` ends
    /// the run; the controller performs the rest (and says what it has no part for). Main thread.
    public func perform(_ action: Action, from source: ActionSource = .remote) {
        guard loop.end == nil, let controller else { return }
        performing = source
        defer { performing = .keys }
        if action == .quit { loop.quit(); return }
        guard let mprisLink else { controller.perform(action); return }
        mprisLink.perform(action) { controller.perform(action) }  // a jump: `Seeked`
    }

    /// Runs `controller` until a quit key or signal, `--for`, or the end of its program.
    @discardableResult
    public func run(_ controller: SessionController) -> ControlLoop.End {
        self.controller = controller
        defer { self.controller = nil }
        // Said once, before the display takes the screen and stderr.
        if mpris {
            mprisLink = MPRISLink.open(loop: loop, state: controller.mprisState, tempoStep: mprisTempoStep,
                                       perform: { [unowned self] in perform($0) },
                                       warn: writeStderr)
        }
        // RtMidi, ALSA and libjack print to stderr from their own threads: while the display is
        // up, that goes to a log file instead of over the screen.
        let stderrLog = fullScreen ? try? StderrRedirect(appendingTo: StderrLog.path()) : nil
        let terminal = Terminal(input: keys.fileDescriptor, output: fullScreen ? STDOUT_FILENO : -1)
        for input in midiInputs { input.wake(loop.wakePipe.writeDescriptor) }
        let autosave: Autosave?
        autosave = Autosave(loop: loop, interval: controller.autosaveInterval) { controller.save() }
        if let line = controller.startLine(), !fullScreen { write(controller.command + line) }
        if let osc, !fullScreen { write(controller.command + osc.startLine) }
        start(controller, terminal: terminal, autosave: autosave)
        mprisLink?.start { [unowned self] in refresh(controller, terminal: terminal, autosave: autosave) }
        let end = loop.run()
        mprisLink?.close()
        mprisLink = nil
        controlSocket?.close()
        // The pipe closes with the loop: RtMidi's thread must not write to a reused descriptor.
        for input in midiInputs { input.wake(-1) }
        controller.willStop(now: loop.now)
        output.stop(timeout: JackBackend.closeTimeout)
        // What the output said while stopping (ALSA: the frames written and heard).
        while !fullScreen && eventsShown < output.events.count {
            write(controller.command + output.events[eventsShown])
            eventsShown += 1
        }
        terminal.restore()
        stderrLog?.restore()
        autosave?.saveNow()
        let last = controller.didStop(end)
        if let last, !fullScreen { write(controller.command + last) }
        return end
    }

    /// The inputs and timers of a run.
    func start(_ controller: SessionController, terminal: Terminal, autosave: Autosave?) {
        var keysInput: ControlLoop.InputID?
        keysInput = loop.watch(keys.fileDescriptor) { [unowned self] in
            let now = loop.now
            for key in keys.poll(timeoutMilliseconds: 0) where loop.end == nil {
                if let action = controller.action(for: key, now: now) { perform(action, from: .keys) }
            }
            if keys.reachedEnd, let id = keysInput { loop.unwatch(id) }
            refresh(controller, terminal: terminal, autosave: autosave)
        }
        loop.onWake { [unowned self] in refresh(controller, terminal: terminal, autosave: autosave) }
        let remote = SessionRemote(engine: self, controller: controller)
        self.remote = remote
        if let osc {
            loop.watch(osc.descriptor) { [unowned self] in
                osc.receive(target: remote, now: loop.now)
                refresh(controller, terminal: terminal, autosave: autosave)
            }
        }
        if let controlSocket {
            controlSocket.attach(to: loop, target: remote) { [unowned self] in refresh(controller, terminal: terminal, autosave: autosave) }
        }
        loop.every(1 / Self.refreshRate) { [unowned self] in refresh(controller, terminal: terminal, autosave: autosave) }
        if let stopAfter {
            let fade = Self.fadeSeconds(forTimer: stopAfter)
            timerEnds = loop.now + stopAfter
            loop.after(stopAfter - fade) { [unowned self] in
                self.fade.begin(seconds: fade)
                controller.fadeOut(seconds: fade)
            }
            loop.after(stopAfter) { [unowned self] in loop.quit(.timeUp) }
        }
        refresh(controller, terminal: terminal, autosave: autosave)
    }

    private var eventsShown = 0

    /// One status refresh: RtMidi's messages, the renderer's notices, JACK upkeep, the
    /// controller's look at its model, autosave, then the screen or the plain lines.
    func refresh(_ controller: SessionController, terminal: Terminal, autosave: Autosave?) {
        guard loop.end == nil else { return }
        let now = loop.now
        ExternalMIDI.deliver(midiInputs, to: session, now: now)
        session.drainNotices(now: now)
        for action in session.takeMIDIActions() { perform(action, from: .midi) }
        output.tick(now: now)
        controller.refresh(now: now)
        mprisLink?.update(controller.mprisState)
        if let remote { osc?.refresh(target: remote, now: now) }
        if controller.hasUnsavedChanges { autosave?.changed() }
        // Drawn even when this refresh saw the end: the last plain line ("0:00 remaining").
        if fullScreen {
            _ = terminal.resized
            let size = terminal.size
            let screen = RemoteSurfaces.screen({ (rows: Int) in controller.screen(now: now, width: size.columns, height: rows) },
                                               warning: osc.flatMap { RemoteSurfaces.warning(listening: $0.socket.local) })
            terminal.draw(controller.showsScope
                ? ScopeDisplay.compose(screen, snapshot: output.scopeSnapshot(), width: size.columns, height: size.rows,
                                       spectrum: controller.showsSpectrum)
                : screen(size.rows))
        } else {
            while eventsShown < output.events.count {
                write(controller.command + output.events[eventsShown])
                eventsShown += 1
            }
            for line in controller.plainLines(now: now) { write(line) }
        }
    }
}
