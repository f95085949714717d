import Foundation
import Jobs
import Persistence
import Testing
import WoodshedTestSupport

/// `woodshed sections FILE export OUT` writes only where a regular file is or may be created
/// (issue 33): never a folder the user did not make, never over a device or a FIFO, through a
/// symbolic link to the file it names.
@Suite("sections export: only where a regular file is or may be")
struct SectionsExportTargetTests {
    /// A folder with a 1-second silent WAV that has one section, and its session.
    private func fixture() throws -> (folder: URL, session: SectionsSession) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let audio = folder.appendingPathComponent("song.wav").path
        try TestAudio.write(audio, [Float](repeating: 0, count: 48_000))
        var session = try SectionsSession(audioPath: audio, store: SectionStore(folder: folder.appendingPathComponent("sections")))
        _ = try session.add(name: "a", from: "0", to: "0.5", plan: SectionPlanChange())
        return (folder, session)
    }

    private func message(_ body: () throws -> String) -> String {
        do { return "no error: " + (try body()) } catch { return "\(error)" }
    }

    @Test("export to a missing folder is refused and creates nothing (issue 33, defect 6)")
    func missingFolder() throws {
        let (folder, session) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("no/such/out.json").path
        #expect(message { try session.export(to: out) } == "can't write '\(out)': folder '\(folder.path)/no/such' does not exist")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
    }

    @Test("export to a FIFO or a folder is refused with one line; the FIFO stays a FIFO (issue 33, defect 1)")
    func specialFiles() throws {
        let (folder, session) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(message { try session.export(to: fifo) } == "can't write '\(fifo)': it is a FIFO (named pipe), not a file")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        let dir = folder.appendingPathComponent("sections").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        #expect(message { try session.export(to: dir) } == "can't write '\(dir)': it is a folder, not a file")
    }

    @Test("export through a symbolic link writes the file it leads to; the link stays a link")
    func symbolicLink() throws {
        let (folder, session) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: real.appendingPathComponent("out.json"))
        let link = folder.appendingPathComponent("out.json").path
        #expect(symlink("dotfiles/out.json", link) == 0)
        #expect(try session.export(to: link) == "exported 1 section to \(link)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "dotfiles/out.json")
        #expect(try String(contentsOf: real.appendingPathComponent("out.json"), encoding: .utf8).hasPrefix("{"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path) == ["out.json"])
    }
}
