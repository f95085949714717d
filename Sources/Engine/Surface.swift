/// A way into a running session: a MIDI input, OSC, `woodshed ctl`, a test's pipe — anything
/// that turns what a user does into `Action`s and shows the `SessionState`. The engine attaches
/// each surface when a run starts, lets it collect its input at each status refresh, shows it
/// the state after each refresh, and detaches it when the run ends. A new surface is one type
/// and one line (`LiveEngine.surfaces`, or `SurfacePlugins.register` for every run). Control
/// thread.
public protocol Surface: AnyObject {
    /// The run starts: watch descriptors on `host.loop`, keep `host` to perform actions.
    func attach(to host: SurfaceHost)
    /// The start of a status refresh (about 30 a second, and after each input): hand over what
    /// arrived since the last one (a surface whose thread only queued it).
    func collect(now: Double)
    /// The session's state at the end of a status refresh.
    func show(_ state: SessionState, now: Double)
    /// Around every action, whichever surface asked for it (MPRIS announces a jump after it).
    func willPerform(_ action: Action)
    func didPerform(_ action: Action)
    /// The run ends (before the output closes): stop watching, close.
    func detach()
    /// A line for the plain output when the run starts ("OSC on 127.0.0.1:9000"); nil: none.
    var startLine: String? { get }
    /// A warning for the full screen's last row while the run lasts; nil: none.
    var screenWarning: String? { get }
}

extension Surface {
    public func collect(now: Double) {}
    public func show(_ state: SessionState, now: Double) {}
    public func willPerform(_ action: Action) {}
    public func didPerform(_ action: Action) {}
    public func detach() {}
    public var startLine: String? { nil }
    public var screenWarning: String? { nil }
}

/// The running engine as its surfaces see it. Control thread.
public protocol SurfaceHost: AnyObject {
    /// The control loop: watch a descriptor, set a timer.
    var loop: ControlLoop { get }
    /// Performs `action` as the session performs a key's, saving only what `source` may edit
    /// (`ActionSource.edits`).
    func perform(_ action: Action, from source: ActionSource)
    /// The session's state now, after every action performed so far.
    func state(now: Double) -> SessionState
    /// A status refresh now (after input a surface handled).
    func refreshNow()
    /// What the session said last (the reason a command was refused).
    var lastMessage: String { get }
}

/// Surfaces every run gets, made afresh for each (a plug-in registers its maker once, before
/// the run). Main thread.
public enum SurfacePlugins {
    nonisolated(unsafe) private static var makers: [() -> Surface?] = []

    /// Adds a maker: each run calls it and attaches the surface it returns (nil: none this run).
    public static func register(_ make: @escaping () -> Surface?) { makers.append(make) }

    /// The surfaces for one run.
    public static func make() -> [Surface] { makers.compactMap { $0() } }
}
