/// What a block of music carries besides its samples. Written by the worker before the block
/// is published; read by the render thread. Trivial (no references).
public struct MusicBlockHeader: BitwiseCopyable, Sendable {
    /// Bumped by the worker for every live change (a jump, a new speed, a new section).
    public var generation: UInt32 = 0
    /// For the first block of a generation: the stream frame of the previous generation that its
    /// first frame replaces (the switch point). Otherwise unused.
    public var continuesFrom: Int64 = 0
    /// Frames of the program in this block; fewer than `blockFrames` only where it ends.
    public var frames: Int32 = 0
    /// The program ends with this block.
    public var ended: Bool = false
    /// The turn (a gap after a pass, where you repeat: see `ProgramWriter`) this block's frames
    /// `turnFrom ..< turnTo` belong to; 0: none. The deck marks them for the input capture.
    public var turn: UInt32 = 0
    public var turnFrom: Int32 = 0
    public var turnTo: Int32 = 0

    public init(generation: UInt32 = 0, continuesFrom: Int64 = 0, frames: Int32 = 0, ended: Bool = false,
                turn: UInt32 = 0, turnFrom: Int32 = 0, turnTo: Int32 = 0) {
        self.generation = generation
        self.continuesFrom = continuesFrom
        self.frames = frames
        self.ended = ended
        self.turn = turn
        self.turnFrom = turnFrom
        self.turnTo = turnTo
    }
}
