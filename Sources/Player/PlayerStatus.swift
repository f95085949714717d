/// What the listener hears now, for the display: the step and how far into it, and the source
/// frame in a pass. Any thread (a value).
public struct PlayerStatus: Hashable, Sendable {
    public var step: ProgramStep?
    public var offset: Int64
    public var sourceFrame: Int64?
    /// The program has played to its end.
    public var ended: Bool
    /// Output frames of silence because the worker was late.
    public var underrunFrames: Int64

    public init(step: ProgramStep?, offset: Int64, sourceFrame: Int64?, ended: Bool, underrunFrames: Int64) {
        self.step = step
        self.offset = offset
        self.sourceFrame = sourceFrame
        self.ended = ended
        self.underrunFrames = underrunFrames
    }
}
