/// One note's attack, found in the input. Any thread (a value).
public struct Onset: Sendable, Equatable {
    /// The attack's first sample, in frames from the first sample fed to the detector (bias removed).
    public var frame: Double

    public init(frame: Double) { self.frame = frame }
}
