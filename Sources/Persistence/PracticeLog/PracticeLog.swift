import Foundation

/// The practice log: what was practised, when, and for how long, one JSON line per section
/// practised (`PracticeLogEntry`), in `$XDG_STATE_HOME/woodshed/practice-log.jsonl`. Control
/// thread (disk I/O).
///
/// - Each entry is appended as one line with one write, under an exclusive `flock` (another
///   woodshed may be appending), then flushed to disk (fsync) before `append` returns.
/// - A crash while writing can leave a torn last line. Reading skips it with a warning; the
///   next `append` first ends it with a line break, so the new entry stays whole (the torn line
///   is then reported, with its number, as a bad line).
/// - Reading never fails on the content: a line that is not an entry is skipped and reported
///   with its number, and the others are read.
public struct PracticeLog: Sendable {
    /// `…/woodshed/practice-log.jsonl`.
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The log in `$XDG_STATE_HOME/woodshed/`, or `~/.local/state/woodshed/` when
    /// `XDG_STATE_HOME` is unset or empty.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(url: UserFolders.woodshed(.state, environment: environment).appendingPathComponent("practice-log.jsonl"))
    }

    /// Appends `entry` as one line and flushes it to disk. Creates the folder and the file.
    /// Writes only where a regular file is or may be (`OutputTarget`): a log that is a FIFO, a
    /// device or a folder is refused, never opened (a FIFO would hold the control thread); a
    /// symbolic link is written through.
    public func append(_ entry: PracticeLogEntry) throws(TextFileError) {
        func fail(_ reason: String) -> TextFileError { TextFileError(source: url.path, message: "can't write the practice log: \(reason)") }
        let folder = url.deletingLastPathComponent()
        do throws(FileProblem) {
            try FileAccess.createFolder(folder)
        } catch {
            throw fail(error.description)
        }
        let target: String
        do throws(FileProblem) { target = try OutputTarget.resolve(url.path) } catch { throw fail(error.reason) }
        let fd = open(target, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail(String(cString: strerror(errno))) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw fail(String(cString: strerror(errno))) }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail(String(cString: strerror(errno))) }
        var line = entry.jsonLine + "\n"
        if info.st_size > 0 {
            var last: UInt8 = 0
            if pread(fd, &last, 1, info.st_size - 1) == 1, last != UInt8(ascii: "\n") { line = "\n" + line }
        }
        var failure: String?
        Array(line.utf8).withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let n = write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                done += n
            }
        }
        if let failure { throw fail(failure) }
        guard fsync(fd) == 0 else { throw fail(String(cString: strerror(errno))) }
        if info.st_size == 0 {
            let dir = open(folder.path, O_RDONLY | O_CLOEXEC)
            if dir >= 0 { fsync(dir); close(dir) }
        }
    }

    /// The entries in the log, in order, and the lines skipped; empty when there is no log yet.
    /// Throws only when the file exists but cannot be read.
    public func read() throws(TextFileError) -> PracticeLogContents {
        let read: Data?
        do throws(FileProblem) {
            read = try FileAccess.readIfPresent(url.path)
        } catch {
            throw TextFileError(source: url.path, message: "can't read the practice log: \(error.reason)")
        }
        guard let data = read else { return PracticeLogContents() }
        return PracticeLog.parse(data, source: url.path)
    }

    /// The entries of a log's bytes; `source` names the file in warnings.
    public static func parse(_ data: Data, source: String) -> PracticeLogContents {
        var contents = PracticeLogContents()
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let endsWithBreak = data.last == UInt8(ascii: "\n")
        for (k, bytes) in lines.enumerated() {
            var line = bytes
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            let isTornEnd = k == lines.count - 1 && !endsWithBreak
            func warn(_ message: String) { contents.warnings.append(TextFileWarning(source: source, line: k + 1, message: message)) }
            do throws(PracticeLogLineError) {
                guard let text = String(bytes: line, encoding: .utf8) else { throw PracticeLogLineError(message: "not UTF-8 text") }
                contents.entries.append(try PracticeLogEntry(jsonLine: text))
            } catch {
                warn(isTornEnd ? "the last line is unfinished (woodshed stopped while writing it): skipped"
                               : "line skipped: \(error.message)")
            }
        }
        return contents
    }
}
