import Foundation
import Testing
@testable import Persistence

/// The one rule for where Woodshed writes (issue 33): only where a regular file is or may be.
@Suite("OutputTarget: regular files only, symbolic links written through, no folder created")
struct OutputTargetTests {
    @Test("a device, a FIFO, a socket and a folder are refused, each with one line")
    func specialFiles() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let socketPath = folder.appendingPathComponent("sock").path
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: socketPath.utf8 + [0]) }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(bound == 0)
        for (path, kind) in [("/dev/null", "a device"), (fifo, "a FIFO (named pipe)"), (socketPath, "a socket"), (folder.path, "a folder")] {
            #expect(throws: FileProblem("can't write", path, reason: "it is \(kind), not a file")) { try OutputTarget.resolve(path) }
        }
        let link = folder.appendingPathComponent("null").path
        #expect(symlink("/dev/null", link) == 0)
        #expect(throws: FileProblem("can't write", link, reason: "it is a device, not a file")) { try OutputTarget.resolve(link) }
    }

    @Test("'-' is refused, not taken for a file named '-' (no writer here streams); ./- is that file")
    func dash() throws {
        #expect(throws: FileProblem("can't write", "-", reason: "standard output is not a file here (write to a file, e.g. ./- for one named '-')")) {
            try OutputTarget.resolve("-")
        }
        #expect(try OutputTarget.resolve("./-") == "./-")
    }

    @Test("a missing folder is an error, never created; a file in the way is named")
    func missingFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.path + "/a/b/out.json"
        #expect(throws: FileProblem("can't write", out, reason: "folder '\(folder.path)/a/b' does not exist")) { try OutputTarget.resolve(out) }
        let plain = folder.path + "/plain"
        try Data().write(to: URL(fileURLWithPath: plain))
        #expect(throws: FileProblem("can't write", plain + "/x", reason: "'\(plain)' is a file, not a folder")) { try OutputTarget.resolve(plain + "/x") }
        #expect(throws: FileProblem("can't write", plain + "/s/x", reason: "a part of '\(plain)/s' is a file, not a folder")) {
            try OutputTarget.resolve(plain + "/s/x")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["plain"])
        #expect(try OutputTarget.resolve(folder.path + "/new.json") == folder.path + "/new.json")
    }

    @Test("a symbolic link (two deep, relative, or to a name not there yet) leads to the file written; AtomicFile keeps the links")
    func symbolicLinks() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dotfiles = folder.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        #expect(symlink("dotfiles/real.json", folder.path + "/middle.json") == 0)
        #expect(symlink(folder.path + "/middle.json", folder.path + "/config.json") == 0)
        #expect(try OutputTarget.resolve(folder.path + "/config.json") == folder.path + "/dotfiles/real.json")
        try AtomicFile.write(Data("one\n".utf8), to: URL(fileURLWithPath: folder.path + "/config.json"))
        try AtomicFile.replace(URL(fileURLWithPath: folder.path + "/config.json"), with: Data("two\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/config.json") == folder.path + "/middle.json")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/middle.json") == "dotfiles/real.json")
        #expect(try String(contentsOfFile: folder.path + "/dotfiles/real.json", encoding: .utf8) == "two\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dotfiles.path) == ["real.json"])
        #expect(try String(contentsOfFile: folder.path + "/config.json.bak", encoding: .utf8) == "one\n")
    }

    @Test("AtomicFile.write and replace refuse a FIFO without opening it (it would wait for a writer)")
    func atomicFileRefusesFIFO() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("alarms.json")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let refusal = FileProblem("can't write", fifo.path, reason: "it is a FIFO (named pipe), not a file")
        #expect(throws: refusal) { try AtomicFile.write(Data("x".utf8), to: fifo) }
        #expect(throws: refusal) { try AtomicFile.replace(fifo, with: Data("x".utf8)) }
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }
}
