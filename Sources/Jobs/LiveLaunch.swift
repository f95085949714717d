import App
import Control
import Engine
import JackBackend
import TerminalUI

extension LiveOutputStart {
    /// The one path every live mode takes once its own set-up is done: the output started
    /// (JACK, or ALSA) with the mode's metronome (`session`; nil: none) and `parts`, the quit
    /// signals installed, the engine made with `surfaces` and the remote controls, then the
    /// controller `make` builds run on it until the end. If `make` throws, the output is closed
    /// before the error goes on (nothing may free what the render thread still reads). Main
    /// thread.
    @discardableResult
    public func launch(jack options: JackBackend.Options, session: LiveSession?, parts: OutputParts = OutputParts(),
                       fade: RunningFade? = nil, stopAfter: Double? = nil, surfaces: [Surface] = [], remote: RemoteSurfaces? = nil,
                       keys: KeyInput? = nil, fullScreen: Bool = Terminal.stdoutIsTerminal, debug: (String) -> Void = { _ in },
                       controller make: (LiveEngine) throws -> SessionController) throws -> ControlLoop.End {
        let started = try start(jack: options, session: session, parts: parts, fade: fade, debug: debug)
        installQuitSignals()
        let engine = LiveEngine(output: started, session: session, stopAfter: stopAfter, fade: fade, fullScreen: fullScreen,
                                keys: keys ?? KeyInput())
        engine.surfaces += surfaces
        remote?.attach(to: engine)
        let controller: SessionController
        do {
            controller = try make(engine)
        } catch {
            started.stop(timeout: JackBackend.closeTimeout)
            throw error
        }
        return engine.run(controller)
    }
}
