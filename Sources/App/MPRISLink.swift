import Control
import Engine
import MPRIS

/// A run's MPRIS object on the control loop: the bus's descriptor is one more input of the
/// loop, its calls go to `LiveEngine.perform`, and each status refresh announces what changed.
/// Control thread (sd-bus is used there only).
final class MPRISLink {
    let server: MPRISServer
    private let loop: ControlLoop
    private var input: ControlLoop.InputID?

    /// Puts the object on the session bus; without a bus, says so once (`warn`) and returns nil.
    /// `tempoStep`: the metronome's Next/Previous step (`--mpris-step`).
    static func open(loop: ControlLoop, state: MPRISState, tempoStep: Int64 = MPRISCall.tempoStepMilliBPM,
                     perform: @escaping (Action) -> Void, warn: (String) -> Void) -> MPRISLink? {
        do {
            return MPRISLink(server: try MPRISServer(state: state, tempoStep: tempoStep, perform: perform), loop: loop)
        } catch {
            warn("Warning: no MPRIS (media keys, playerctl): \(error)\n")
            return nil
        }
    }

    private init(server: MPRISServer, loop: ControlLoop) {
        self.server = server
        self.loop = loop
    }

    /// Watches the bus; `afterCalls` runs after the calls of each wake-up (a status refresh).
    func start(afterCalls: @escaping () -> Void) {
        guard let fd = server.fileDescriptor else { return }
        input = loop.watch(fd) { [unowned self] in
            if !server.process(), let input { loop.unwatch(input); self.input = nil }
            afterCalls()
        }
        server.process()
    }

    /// The session's state now: what changed is announced.
    func update(_ state: MPRISState) {
        server.update(state)
    }

    /// Runs `action` with `body`; a jump (from any surface) is then announced with `Seeked`.
    func perform(_ action: Action, _ body: () -> Void) {
        let target = server.seekTarget(of: action)
        body()
        if let target { server.seeked(target) }
    }

    /// Leaves the bus.
    func close() {
        if let input { loop.unwatch(input) }
        input = nil
        server.close()
    }
}
