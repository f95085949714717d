import Glibc

/// Writes plain status lines to stdout unbuffered, and says when nobody reads them any more
/// (`woodshed click | head -1`: the pipe's reader is gone, libjack ignores SIGPIPE, so the write
/// fails with EPIPE). Foundation's `FileHandle.write` stops the program on that error. Main thread.
public enum StandardOutputLine {
    /// Writes `line` and a newline to `descriptor`; false when it could not be written whole
    /// (a closed pipe, a full disk, a closed descriptor).
    @discardableResult
    public static func write(_ line: String, to descriptor: Int32 = STDOUT_FILENO) -> Bool {
        var bytes = Array((line + "\n").utf8)
        return bytes.withUnsafeMutableBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return false }
            }
            return true
        }
    }
}
