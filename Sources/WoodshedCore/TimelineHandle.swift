/// The plain buffers of a `ClickTimeline`, without its reference count: what a `ClickCursor`
/// reads and what a command may carry to the render thread. Any thread may copy it; whoever
/// holds one must keep its `ClickTimeline` alive (the control thread does, until the render
/// thread reports it no longer uses it).
@frozen public struct TimelineHandle: @unchecked Sendable, BitwiseCopyable, Equatable {
    public let segments: UnsafeMutableBufferPointer<TimelineSegment>
    public let cells: UnsafeMutableBufferPointer<ClickLevel>
    public let rampTable: UnsafeMutableBufferPointer<Int64>
    /// Index of the segment where bar 1 starts (after the count-in).
    public let firstBarSegment: Int
    /// Unique per timeline, for telling the control thread which one is in use.
    public let id: UInt64
    /// True when no segment is a ramp or a tempo list: live tempo changes apply.
    public let isSingleTempo: Bool

    public static func == (a: TimelineHandle, b: TimelineHandle) -> Bool { a.id == b.id }
}
