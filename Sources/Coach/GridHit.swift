/// An onset placed on the click grid: the nearest grid position and how far from it the onset
/// was. Any thread (a value).
public struct GridHit: Sendable, Equatable {
    public var position: GridPosition
    /// The grid position's frame (the frame its click starts on, plus the grid's anchor).
    public var gridFrame: Double
    /// Milliseconds from the grid position to the onset: positive = late, negative = early.
    public var deviationMs: Double
    /// Index of the grid position in `ClickGrid.points`.
    public var index: Int

    public init(position: GridPosition, gridFrame: Double, deviationMs: Double, index: Int) {
        self.position = position; self.gridFrame = gridFrame; self.deviationMs = deviationMs; self.index = index
    }
}
