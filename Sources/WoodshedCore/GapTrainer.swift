/// The trainers a preset may add on top of a map. Any thread.
public struct GapTrainer: Hashable, Sendable, Codable {
    /// Bars played, then bars muted, repeating from bar 1.
    public var playBars: Int
    public var muteBars: Int
    public init(playBars: Int, muteBars: Int) { self.playBars = playBars; self.muteBars = muteBars }
}
