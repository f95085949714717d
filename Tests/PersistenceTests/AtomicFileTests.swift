import Foundation
import Testing
@testable import Persistence

@Suite("One way to save: atomic writes with 5 backup generations, and file errors in words")
struct AtomicFileTests {
    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    func files(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("6 saves keep exactly 5 backups, newest first, the oldest dropped; each keeps its version's time")
    func rotation() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("a.json")
            for n in 1...6 {
                try AtomicFile.replace(url, with: Data("v\(n)\n".utf8))
                // Each version "saved" a minute after the one before, so times can be told apart.
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_000 + Double(n) * 60)],
                                                      ofItemAtPath: url.path)
            }
            try AtomicFile.replace(url, with: Data("v7\n".utf8))
            #expect(try files(folder) == ["a.json", "a.json.bak", "a.json.bak.2", "a.json.bak.3", "a.json.bak.4", "a.json.bak.5"])
            #expect(try String(contentsOf: url, encoding: .utf8) == "v7\n")
            let backups = BackupGenerations.list(url)
            #expect(backups.map(\.generation) == [1, 2, 3, 4, 5])
            #expect(try backups.map { try String(contentsOf: $0.url, encoding: .utf8) } == ["v6\n", "v5\n", "v4\n", "v3\n", "v2\n"])
            #expect(backups.map(\.saved.timeIntervalSince1970) == [1_800_000_360, 1_800_000_300, 1_800_000_240, 1_800_000_180, 1_800_000_120])
        }
    }

    @Test("saving what is already saved writes nothing and rotates nothing")
    func unchanged() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("a.json")
            let wrote = [try AtomicFile.replace(url, with: Data("one".utf8)), try AtomicFile.replace(url, with: Data("two".utf8)),
                         try AtomicFile.replace(url, with: Data("two".utf8))]
            #expect(wrote == [true, true, false])
            #expect(try files(folder) == ["a.json", "a.json.bak"])
            #expect(try String(contentsOf: BackupGenerations.url(of: url, generation: 1), encoding: .utf8) == "one")
        }
    }

    @Test("a deleted file becomes backup 1; a renamed file takes its backups along")
    func retireAndRename() throws {
        try withFolder { folder in
            let url = folder.appendingPathComponent("a.json"), other = folder.appendingPathComponent("b.json")
            try AtomicFile.replace(url, with: Data("one".utf8))
            try AtomicFile.replace(url, with: Data("two".utf8))
            try BackupGenerations.retire(url)
            #expect(try files(folder) == ["a.json.bak", "a.json.bak.2"])
            #expect(try String(contentsOf: BackupGenerations.url(of: url, generation: 1), encoding: .utf8) == "two")
            BackupGenerations.rename(from: url, to: other)
            #expect(try files(folder) == ["b.json.bak", "b.json.bak.2"])
        }
    }

    @Test("a folder that can't be made names the file in its way")
    func folderUnderAFile() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("notes")
            try Data("x".utf8).write(to: file)
            let url = file.appendingPathComponent("woodshed/a.json")
            #expect(throws: FileProblem("can't create the folder", file.path + "/woodshed", reason: "\(file.path) is a file, not a folder")) {
                try AtomicFile.replace(url, with: Data("one".utf8))
            }
            #expect(try files(folder) == ["notes"])
        }
    }

    @Test("reading a folder, a missing file, or writing where a folder is: the system's reason, never Foundation's")
    func reasons() throws {
        try withFolder { folder in
            #expect(throws: FileProblem("can't read", folder.path, reason: "Is a directory")) { try FileAccess.read(folder.path) }
            let missing = folder.appendingPathComponent("none.json").path
            #expect(throws: FileProblem("can't read", missing, reason: "No such file or directory")) { try FileAccess.read(missing) }
            #expect(try FileAccess.readIfPresent(missing) == nil)
            let taken = folder.appendingPathComponent("taken")
            try FileManager.default.createDirectory(at: taken, withIntermediateDirectories: true)
            #expect(throws: FileProblem("can't write", taken.path, reason: "it is a folder, not a file")) {
                try AtomicFile.write(Data("x".utf8), to: taken)
            }
            #expect(try files(folder) == ["taken"], "the temporary file is removed")
            #expect(FileProblem("can't read", missing, reason: "No such file or directory").message(namingFile: missing) == "no such file")
            #expect(FileProblem("can't write", taken.path, reason: "Is a directory").message(namingFile: taken.path)
                == "can't write the file: Is a directory")
        }
    }

    @Test("Foundation's errors become the system's words", arguments: [
        (CocoaError(.fileWriteOutOfSpace) as any Error, "No space left on device"),
        (CocoaError(.fileWriteNoPermission), "Permission denied"),
        (CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))]),
         "Read-only file system"),
        (CocoaError(.fileWriteUnknown), "unknown reason (Foundation code 512)"),
    ])
    func foundationReasons(error: any Error, words: String) {
        #expect(FileProblem.reason(error) == words)
    }
}
