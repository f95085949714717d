import Foundation
import OfflineBackend
import Persistence
import Testing

/// The partial files of renders that were killed are removed; a running render's is not.
@Suite("Stale temporary files: partial files no render writes any more")
struct StalePartialsTests {
    @Test("partial file names: a leading dot, a name, .partial-, digits; nothing else")
    func names() {
        #expect(PartialFile.path(for: "out/x.wav", pid: 42) == "out/.x.wav.partial-42")
        #expect(PartialFile.path(for: "x.wav", pid: 42) == "./.x.wav.partial-42")
        #expect(PartialFile.path(for: "/x.wav", pid: 7) == "/.x.wav.partial-7")
        #expect(StaleTemporaryFiles.writerPID(inName: ".x.wav.partial-123") == 123)
        #expect(StaleTemporaryFiles.writerPID(inName: ".a.partial-1") == 1)
        #expect(StaleTemporaryFiles.targetName(ofTemporary: ".x.wav.partial-123") == "x.wav")
        #expect(StaleTemporaryFiles.targetName(ofTemporary: ".a.partial-b.partial-9") == "a.partial-b")
        for name in ["x.wav.partial-123", "..partial-123", ".x.wav.partial-", ".x.wav.partial-12a", ".x.wav.partial--1",
                     ".x.wav.partial-+1", ".x.wav.Partial-1", ".x.wav.partial-99999999999", ".x.wav.partial-0", ".x.wav"] {
            #expect(StaleTemporaryFiles.writerPID(inName: name) == nil, "\(name)")
        }
    }

    @Test("removed: a dead PID's, a PID that is not woodshed, this process's; kept: a running woodshed's, other names, links")
    func removal() throws {
        let dir = try SoundFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A process named woodshed: a copy of sleep under that name (/proc/PID/comm is the file name).
        let fake = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: fake.appendingPathComponent("woodshed").path)
        let woodshed = try Process.run(fake.appendingPathComponent("woodshed"), arguments: ["30"])
        defer { kill(woodshed.processIdentifier, SIGKILL); woodshed.waitUntilExit() }
        let sleeper = try Process.run(URL(fileURLWithPath: "/bin/sleep"), arguments: ["30"])
        defer { kill(sleeper.processIdentifier, SIGKILL); sleeper.waitUntilExit() }
        let gone = try Process.run(URL(fileURLWithPath: "/bin/true"), arguments: [])
        gone.waitUntilExit()
        #expect((try? String(contentsOfFile: "/proc/\(woodshed.processIdentifier)/comm", encoding: .utf8)) == "woodshed\n")

        let files = [".dead.wav.partial-\(gone.processIdentifier)", ".sleep.wav.partial-\(sleeper.processIdentifier)",
                     ".mine.wav.partial-\(getpid())", ".live.wav.partial-\(woodshed.processIdentifier)",
                     "dead.wav.partial-\(gone.processIdentifier)", ".dead.wav.partial-\(gone.processIdentifier)x", "song.wav"]
        for f in files { try Data("x".utf8).write(to: dir.appendingPathComponent(f)) }
        // A link with a partial's name is not a file a render wrote: kept, and its target too.
        let target = dir.appendingPathComponent("target.wav").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
        let linkName = ".link.wav.partial-\(gone.processIdentifier)"
        #expect(symlink(target, dir.appendingPathComponent(linkName).path) == 0)

        let removed = StaleTemporaryFiles.removeStale(in: dir.path, includingOwn: true)
        #expect(removed == [".dead.wav.partial-\(gone.processIdentifier)", ".mine.wav.partial-\(getpid())",
                            ".sleep.wav.partial-\(sleeper.processIdentifier)"])
        let left = try Set(FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(left == [".live.wav.partial-\(woodshed.processIdentifier)", "dead.wav.partial-\(gone.processIdentifier)",
                         ".dead.wav.partial-\(gone.processIdentifier)x", "song.wav", "target.wav", linkName, "bin"])
        #expect(StaleTemporaryFiles.removeStale(in: dir.appendingPathComponent("missing").path, includingOwn: true) == [])
    }
}

