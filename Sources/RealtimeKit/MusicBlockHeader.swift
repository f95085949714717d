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

    public init(generation: UInt32 = 0, continuesFrom: Int64 = 0, frames: Int32 = 0, ended: Bool = false) {
        self.generation = generation
        self.continuesFrom = continuesFrom
        self.frames = frames
        self.ended = ended
    }
}
