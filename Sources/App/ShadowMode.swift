import Persistence

/// What `woodshed shadow` changes in the player: its screen and keys, waiting at the end of
/// each sentence, and the practice log. Main thread.
public struct ShadowMode {
    /// A bad cut moves by this much per key press or pedal.
    public var nudgeMilliseconds = 50
    /// Auto-advance off: wait for a pedal or key after each sentence.
    public var wait = false
    public var log: PracticeLog

    public init(nudgeMilliseconds: Int = 50, wait: Bool = false, log: PracticeLog) {
        self.nudgeMilliseconds = nudgeMilliseconds
        self.wait = wait
        self.log = log
    }
}
