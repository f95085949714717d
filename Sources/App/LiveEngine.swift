import Control
import Engine
import Foundation
import JackBackend
import MIDIInput
import Remote
import TerminalUI

/// A live session on the control loop: keys from standard input, the surfaces (OSC, `ctl`,
/// RtMidi inputs, plug-ins), the status refresh (the surfaces' input, the renderer's notices,
/// JACK upkeep, the screen or plain lines, the state to every surface), the `--for` timer with
/// its fade-out, autosave, and an orderly stop. Main thread (the control thread).
///
/// `--for T` has one rule in every mode: a linear fade over the last min(10 s, T/2), computed
/// per frame on the render thread, then quit at T.
public final class LiveEngine: SurfaceHost {
    /// Status refreshes a second (the beat flash needs about 30).
    public static let refreshRate = 30.0
    /// The longest `--for` fade-out.
    public static let longestFade = 10.0

    public let loop: ControlLoop
    public let output: LiveOutput
    /// The metronome's live session: the click's, and the player's (its count-ins, its click
    /// and its MIDI map); nil in a mode that has no metronome (noise, the clock, the match).
    public let session: LiveSession?
    /// Full screen on a terminal; plain lines otherwise.
    public let fullScreen: Bool
    /// `--for`, in seconds.
    public let stopAfter: Double?
    /// The ways into the session besides the keys (`Surface`): OSC, `woodshed ctl`, RtMidi
    /// inputs, the desktop's media controls (MPRIS; none by default, so an engine in a test
    /// never sees the bus); each run adds `SurfacePlugins.make()`.
    public var surfaces: [Surface] = []
    /// The surfaces of the run that is going on (`surfaces` and the plug-ins').
    private var attached: [Surface] = []
    /// A status refresh of the run going on (nil before and after).
    private var refreshRun: (() -> Void)?
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
    public init(loop: ControlLoop = ControlLoop(), output: LiveOutput, session: LiveSession?, stopAfter: Double?,
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
        for surface in attached { surface.willPerform(action) }
        controller.perform(action)
        for surface in attached { surface.didPerform(action) }  // MPRIS: a jump's `Seeked`
        if session?.quitRequested == true { loop.quit() }
    }

    // SurfaceHost: what surfaces may ask of the run.

    public func state(now: Double) -> SessionState {
        SessionStates.state(of: self, controller: controller, now: now)
    }

    public func refreshNow() { refreshRun?() }

    public var lastMessage: String { session?.message ?? "" }

    /// Runs `controller` until a quit key or signal, `--for`, or the end of its program.
    @discardableResult
    public func run(_ controller: SessionController) -> ControlLoop.End {
        self.controller = controller
        defer { self.controller = nil }
        // Attached before the display takes the screen and stderr: a surface that cannot start
        // says so once (MPRIS without a session bus).
        attached = surfaces + SurfacePlugins.make()
        for surface in attached { surface.attach(to: self) }
        // RtMidi, ALSA and libjack print to stderr from their own threads: while the display is
        // up, that goes to a log file instead of over the screen.
        let stderrLog = fullScreen ? try? StderrRedirect(appendingTo: StderrLog.path()) : nil
        let terminal = Terminal(input: keys.fileDescriptor, output: fullScreen ? STDOUT_FILENO : -1)
        let autosave: Autosave?
        autosave = Autosave(loop: loop, interval: controller.autosaveInterval) { controller.save() }
        refreshRun = { [unowned self] in refresh(controller, terminal: terminal, autosave: autosave) }
        if let line = controller.startLine(), !fullScreen { write(controller.command + line) }
        for surface in attached where !fullScreen { if let line = surface.startLine { write(controller.command + line) } }
        start(controller, terminal: terminal, autosave: autosave)
        let end = loop.run()
        for surface in attached { surface.detach() }
        attached = []
        refreshRun = nil
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

    /// One status refresh: what the surfaces collected (RtMidi's messages), the renderer's
    /// notices, JACK upkeep, the controller's look at its model, the state to every surface,
    /// autosave, then the screen or the plain lines.
    func refresh(_ controller: SessionController, terminal: Terminal, autosave: Autosave?) {
        guard loop.end == nil else { return }
        let now = loop.now
        for surface in attached { surface.collect(now: now) }
        if let session {
            session.drainNotices(now: now)
            for action in session.takeMIDIActions() { perform(action, from: .midi) }
        }
        output.tick(now: now)
        controller.refresh(now: now)
        if !attached.isEmpty {
            let state = state(now: now)
            for surface in attached { surface.show(state, now: now) }
        }
        if controller.hasUnsavedChanges { autosave?.changed() }
        // Drawn even when this refresh saw the end: the last plain line ("0:00 remaining").
        if fullScreen {
            _ = terminal.resized
            let size = terminal.size
            let screen = RemoteSurfaces.screen({ (rows: Int) in controller.screen(now: now, width: size.columns, height: rows) },
                                               warning: attached.lazy.compactMap(\.screenWarning).first)
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
