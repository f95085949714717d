import CRtMidi
import Foundation

/// Runs code with standard error (file descriptor 2) redirected into a temporary file, and
/// returns what was written there: RtMidi's, ALSA's and JACK's messages become a value we can
/// turn into our own message or a log line instead of text on the screen. Any thread.
///
/// fd 2 belongs to the whole process: captures (and `StderrRedirect` changes) take one
/// process-wide lock, nest, and also catch what other threads write meanwhile, and a child
/// process started meanwhile inherits the temporary file as its standard error. The file grows
/// as needed, so the writer never blocks (no pipe buffer to fill). If fd 2 cannot be
/// redirected, `body` runs with standard error untouched and the output is "".
public enum StderrCapture {
    /// Held while fd 2 is being changed or captured. Recursive: captures nest.
    static let lock = NSRecursiveLock()

    /// Runs `body` with fd 2 redirected, restores fd 2 (also when `body` throws) and returns
    /// `body`'s value with everything written to fd 2 meanwhile (decoded as UTF-8).
    public static func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (value: T, output: String) {
        lock.lock()
        defer { lock.unlock() }
        woodshed_flush_stderr()
        guard let file = tmpfile() else { return (try body(), "") }
        defer { fclose(file) }
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        guard saved >= 0 else { return (try body(), "") }
        guard redirect(from: fileno(file)) else {
            close(saved)
            return (try body(), "")
        }
        let value: T
        do throws(E) {
            value = try body()
        } catch {
            woodshed_flush_stderr()
            _ = redirect(from: saved)
            close(saved)
            throw error
        }
        woodshed_flush_stderr()
        _ = redirect(from: saved)
        close(saved)
        return (value, readAll(fileno(file)))
    }

    /// Points fd 2 at `fd`. False when dup2 fails.
    static func redirect(from fd: Int32) -> Bool {
        while dup2(fd, STDERR_FILENO) < 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Everything in the file `fd`, from its start.
    private static func readAll(_ fd: Int32) -> String {
        guard lseek(fd, 0, SEEK_SET) == 0 else { return "" }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                bytes.append(contentsOf: chunk[0..<n])
            } else if n == 0 || errno != EINTR {
                break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
