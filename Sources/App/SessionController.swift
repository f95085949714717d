import Control
import Engine
import TerminalUI

/// One kind of live session (metronome, player, shadowing, playlist, noise) plugged into the
/// control loop by `LiveEngine`: it names the action of each of its keys, performs actions from
/// every surface (keys, MIDI mappings, remotes), reads its model at each status refresh, draws
/// its screen or plain lines, and saves. Control thread.
public protocol SessionController: AnyObject {
    /// The plain lines' prefix: `woodshed click: `.
    var command: String { get }
    /// The line printed first on plain output (after the prefix); nil: none.
    func startLine() -> String?
    /// The action `key` stands for in this kind of session (its `KeyMap`), if any; `now`: when
    /// it was read (tap tempo).
    func action(for key: Key, now: Double) -> Action?
    /// Runs one action, whichever surface it came from (`LiveEngine.perform`); one this session
    /// has no part for is said on screen. (`.quit` ends the run before it gets here.)
    func perform(_ action: Action)
    /// The status refresh, after MIDI, the renderer's notices and JACK upkeep: the place to see
    /// the end of a program (`engine.loop.quit(.programEnded)`).
    func refresh(now: Double)
    /// The full screen, `width` × `height`.
    func screen(now: Double, width: Int, height: Int) -> [String]
    /// Plain output: the lines that are due since the last call, whole (a bar line of the
    /// click has no prefix; the player's and noise's lines start with `command`).
    func plainLines(now: Double) -> [String]
    /// Adds this session's own part to `state`, which holds the live session's tempo, meter,
    /// bar and beat and `--for` (`SessionStates`): the player's section, pass and play head,
    /// noise's timer, the title the media controls show. Every surface reads the result.
    func describe(_ state: inout SessionState, now: Double)
    /// True while the oscilloscope and meters are shown under the screen.
    var showsScope: Bool { get }
    /// `--scope spectrum`: the music's spectrum under the scope's trace.
    var showsSpectrum: Bool { get }
    /// `--for`: fade the output out linearly over `seconds`, frame by frame, from now.
    func fadeOut(seconds: Double)
    /// Saves come at most this often (seconds) while changes keep coming.
    var autosaveInterval: Double { get }
    /// True while something changed that `save` would write.
    var hasUnsavedChanges: Bool { get }
    /// Writes what changed (settings, sections); reports problems itself.
    func save()
    /// Before the output closes: the last look at the model.
    func willStop(now: Double)
    /// After the output closed and the terminal is back: close, warn on stderr; returns the
    /// last plain line (after the prefix).
    func didStop(_ end: ControlLoop.End) -> String?
}

extension SessionController {
    /// No spectrum unless the controller says so (`--scope spectrum`: noise and the player).
    public var showsSpectrum: Bool { false }
}
