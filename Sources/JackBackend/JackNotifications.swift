import RenderGraph

/// What `JackBackend` asks of the app, on the control thread only: the notification side of
/// the backend (rust-jack's `NotificationHandler` is the model). The process side is concrete:
/// the `OutputGraph` (a final class) this handler builds for each connection, which the JACK
/// callbacks call each cycle through `RenderContext` without an existential or an
/// unspecialised generic in between. Conformers need not be thread-safe: nothing here runs on
/// a JACK thread.
public protocol JackNotifications: AnyObject {
    /// Bars before JACK bar 1 (a tempo map's count-in): transport frame 0 is the first bar
    /// after them. Read at each connection.
    var countInBars: Int { get }

    /// A (new) connection runs at `rate` frames a second: the output graph its process
    /// callback calls (the process handler; music_L and music_R are registered when it has
    /// music). The previous connection's callbacks no longer touch its graph.
    func makeGraph(rate: Int) throws -> OutputGraph

    /// Whether JACK transport rolls, several times a second while connected.
    func transportRolling(_ rolling: Bool)

    /// The transport's timebase master's tempo (thousandths of a quarter-note BPM) and meter,
    /// several times a second while connected in follow mode and a master publishes them.
    func follow(milliBPM: Int64, beats: Int, denominator: Int)
}
