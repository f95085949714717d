/// Which Rubber Band engine stretches the audio. A plain value: any thread.
///
/// Measured here (Rubber Band 3.1.2, CPU time per 256 output frames at 0.75×, 48 kHz):
/// `.faster` 0.13 ms, `.finer` 0.37 ms (p99 0.16 and 0.49 ms).
public enum StretchEngine: Sendable {
    /// Rubber Band's R2 engine: cheap. Its transient handling moves clicks by up to ±13 ms at
    /// 0.75× depending on the material (about ±30 ms at 0.5×), and it smears a pure tone.
    case faster
    /// Rubber Band's R3 engine (`RubberBandOptionEngineFiner`): about three times the cost;
    /// keeps a tone's pitch exactly and clicks within ±2 ms at 0.75× (±7 ms at 0.5×).
    case finer
}
