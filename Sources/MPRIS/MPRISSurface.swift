import Engine

/// The desktop's media controls as a surface: the MPRIS object on the session bus (its
/// descriptor one more input of the loop), its calls performed as actions from `.remote`, each
/// status refresh's state announced (what changed), and a jump from any surface announced with
/// `Seeked`. Without a session bus it says so once (`warn`) and stays off. Control thread (sd-bus
/// is used there only).
public final class MPRISSurface: Surface {
    /// The metronome's Next/Previous step (`--mpris-step`).
    public let tempoStep: Int64
    private let warn: (String) -> Void
    public private(set) var server: MPRISServer?
    private var input: ControlLoop.InputID?
    private weak var loop: ControlLoop?
    private var seekTarget: Int64?

    public init(tempoStep: Int64 = MPRISCall.tempoStepMilliBPM, warn: @escaping (String) -> Void) {
        self.tempoStep = tempoStep
        self.warn = warn
    }

    public func attach(to host: SurfaceHost) {
        do {
            server = try MPRISServer(state: MPRISState(host.state(now: host.loop.now)), tempoStep: tempoStep) { [unowned host] in
                host.perform($0, from: .remote)
            }
        } catch {
            warn("Warning: no MPRIS (media keys, playerctl): \(error)\n")
            return
        }
        loop = host.loop
        guard let server, let fd = server.fileDescriptor else { return }
        input = host.loop.watch(fd) { [unowned self, unowned host] in
            if !server.process(), let input { loop?.unwatch(input); self.input = nil }
            host.refreshNow()
        }
        server.process()
    }

    public func willPerform(_ action: Action) { seekTarget = server?.seekTarget(of: action) }

    public func didPerform(_ action: Action) {
        if let seekTarget { server?.seeked(seekTarget) }
        seekTarget = nil
    }

    public func show(_ state: SessionState, now: Double) { server?.update(MPRISState(state)) }

    public func detach() {
        if let input { loop?.unwatch(input) }
        input = nil
        server?.close()
        server = nil
    }
}
