/// Where the program's audio comes from: stereo frames of one file at its own rate.
/// Worker threads.
public protocol ProgramSource: AnyObject {
    /// Fills `count` interleaved stereo frames from source frame `start`; zeros outside the file.
    func read(from start: Int64, count: Int, into buffer: UnsafeMutablePointer<Float>)
}
