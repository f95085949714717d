/// Which Rubber Band engine stretches the audio. A plain value: any thread.
public enum StretchEngine: Sendable {
    /// Rubber Band's R2 engine: cheap (about 0.3 ms per 256 frames here), good on most material.
    case faster
    /// Rubber Band's R3 engine (`RubberBandOptionEngineFiner`): smoother, about three times the cost.
    case finer
}
