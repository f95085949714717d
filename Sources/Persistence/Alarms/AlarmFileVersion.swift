/// One version of `alarms.json` on disk, to notice a change. Any thread (a value).
public struct AlarmFileVersion: Sendable, Equatable {
    public var inode: UInt64
    public var size: Int64
    public var modified: Int64
}
