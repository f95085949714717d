import Foundation

/// Whether the measurement suites run. Any thread (a constant).
///
/// What an upstream library does on its own (how many of libsndfile's seeks land a rounding step
/// off, Rubber Band's misplacement and cost per block) depends on its version and on the code path
/// it picks on the CPU: it is measured for the record, never pinned in a test. Those suites are
/// enabled by `WOODSHED_MEASURE=1` (`make bench` runs them in its section "Upstream libraries,
/// measured") and print each figure on a line that opens with "measured:".
public enum Measurements {
    public static let enabled = ProcessInfo.processInfo.environment["WOODSHED_MEASURE"] != nil
}
