/// Saves at most once per `interval` while changes keep coming: the first change is saved at
/// the next turn of the loop, later ones when `interval` has passed since the last save (one
/// timer, never one per change). Control thread.
public final class Autosave {
    public let interval: Double
    private let loop: ControlLoop
    private let save: () -> Void
    private var lastSaved = -Double.infinity
    private var pending: ControlLoop.TimerID?

    public init(loop: ControlLoop, interval: Double, save: @escaping () -> Void) {
        self.loop = loop
        self.interval = interval
        self.save = save
    }

    /// Something changed: a save is scheduled unless one already is.
    public func changed() {
        guard pending == nil else { return }
        let wait = max(lastSaved + interval - loop.now, 0)
        pending = loop.after(wait) { [unowned self] in
            pending = nil
            saveNow()
        }
    }

    /// Saves at once (at quit), cancelling a scheduled save.
    public func saveNow() {
        if let p = pending { loop.cancel(p); pending = nil }
        lastSaved = loop.now
        save()
    }
}
