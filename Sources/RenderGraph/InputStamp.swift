/// Where captured input lies on the click's timeline: from input frame `inputFrame` (counted
/// in the capture's ring since it began) on, input frame `inputFrame + k` was captured in the
/// cycle whose output frame `timelineFrame + k` was rendered, until the next stamp. Pushed by
/// the render thread only when that mapping changes (the click started, stopped, skipped or
/// was located, or a cycle did not fit the ring); read by the coach's worker. Any thread (a
/// trivial value).
public struct InputStamp: Sendable, BitwiseCopyable, Equatable {
    public let inputFrame: Int64
    /// The timeline frame of `inputFrame`; meaningless while the click is stopped.
    public let timelineFrame: Int64
    /// False while the click is stopped: those frames lie on no grid.
    public let running: Bool

    public init(inputFrame: Int64, timelineFrame: Int64, running: Bool) {
        self.inputFrame = inputFrame
        self.timelineFrame = timelineFrame
        self.running = running
    }
}
