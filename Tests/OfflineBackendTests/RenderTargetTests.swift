import Foundation
import OfflineBackend
import Testing

/// A render, a take or any sound file is written only where a regular file is or may be
/// (issue 33, defect 1): `/dev/null` run as root was replaced by a WAV, a FIFO and a symbolic
/// link by regular files.
@Suite("SoundFileWriter: never over a device, a FIFO or a folder; through a symbolic link")
struct RenderTargetTests {
    private func refusal(_ path: String) -> String {
        do {
            _ = try SoundFileWriter(path: path, format: .wav16, rate: 48_000, frames: 480)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("/dev/null, a FIFO and a folder are refused before anything is written; each stays what it was")
    func specialFiles() throws {
        let folder = try SoundFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.wav").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(refusal("/dev/null") == "cannot write '/dev/null': it is a device, not a file")
        #expect(refusal(fifo) == "cannot write '\(fifo)': it is a FIFO (named pipe), not a file")
        #expect(refusal(folder.path) == "cannot write '\(folder.path)': it is a folder, not a file")
        #expect(refusal(folder.path + "/missing/x.wav") == "cannot write '\(folder.path)/missing/x.wav': folder '\(folder.path)/missing' does not exist")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pipe.wav"])
    }

    @Test("a render through a symbolic link replaces the file it leads to; the link stays a link")
    func symbolicLink() throws {
        let folder = try SoundFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: out.appendingPathComponent("click.wav"))
        let link = folder.appendingPathComponent("click.wav").path
        #expect(symlink("out/click.wav", link) == 0)
        let w = try SoundFileWriterTests.write(link, format: .wav16, frames: 480, expected: 480, limit: OutputFormat.wavDataLimit)
        try w.commit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "out/click.wav")
        #expect(try SoundFileWriterTests.read(out.appendingPathComponent("click.wav").path).frames == 480)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["click.wav"])
    }
}
