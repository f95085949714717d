#if canImport(Glibc)
import Glibc
#endif

/// The name a thread shows in `top -H`, `ps -L` and /proc/PID/task/TID/comm. Call it on the
/// thread to be named, before its work starts (it writes a file: never on the render thread).
///
/// Foundation's `Thread.name` does not reach the kernel on Linux, and `pthread_setname_np`
/// is not imported into Swift here, so the name is written to /proc/thread-self/comm, which
/// is what that call does too.
public enum ThreadName {
    /// Names the calling thread: at most 15 bytes are kept (the kernel's limit). Returns
    /// false when /proc could not be written (the thread keeps its name).
    @discardableResult
    public static func set(_ name: String) -> Bool {
        let bytes = Array(name.utf8.prefix(15))
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count
    }
}
