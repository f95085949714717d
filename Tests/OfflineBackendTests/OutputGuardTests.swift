import Foundation
import OfflineBackend
import Testing

/// A render never writes over a file it reads: the same file by inode (hard and symbolic
/// links, other spellings of the path) or, for an output not yet there, by resolved path.
@Suite("OutputGuard: the output is never one of the inputs")
struct OutputGuardTests {
    @Test("the same path, another spelling, a hard link and a symbolic link are the same file; a copy is not")
    func sameFile() throws {
        let dir = try SoundFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try Data("music".utf8).write(to: URL(fileURLWithPath: song))
        let hard = dir.appendingPathComponent("hard.wav").path
        let soft = dir.appendingPathComponent("soft.wav").path
        let copy = dir.appendingPathComponent("copy.wav").path
        #expect(link(song, hard) == 0)
        #expect(symlink(song, soft) == 0)
        try Data("music".utf8).write(to: URL(fileURLWithPath: copy))
        #expect(OutputGuard.sameFile(song, song))
        #expect(OutputGuard.sameFile(dir.path + "/./song.wav", song))
        #expect(OutputGuard.sameFile(hard, song))
        #expect(OutputGuard.sameFile(soft, song))
        #expect(!OutputGuard.sameFile(copy, song))
    }

    @Test("an output that is not there yet: the same file name in the same folder, reached through a linked folder")
    func notThereYet() throws {
        let dir = try SoundFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let linked = dir.appendingPathComponent("linked").path
        #expect(symlink(real.path, linked) == 0)
        #expect(OutputGuard.sameFile(linked + "/new.wav", real.path + "/new.wav"))
        #expect(!OutputGuard.sameFile(linked + "/new.wav", real.path + "/other.wav"))
    }

    @Test("the refusal names the output and the input as given: one line")
    func refusal() throws {
        let dir = try SoundFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let song = dir.appendingPathComponent("song.wav").path
        try Data("music".utf8).write(to: URL(fileURLWithPath: song))
        let soft = dir.appendingPathComponent("soft.wav").path
        #expect(symlink(song, soft) == 0)
        let inputs = [OutputGuard.Input(option: "--sound", path: "/nonexistent/a.wav"), OutputGuard.Input(option: "--play", path: song)]
        #expect(throws: RenderError.outputIsInput(output: soft, input: "--play '\(song)'")) {
            try OutputGuard.check(output: soft, inputs: inputs)
        }
        #expect(RenderError.outputIsInput(output: "victim.wav", input: "--play 'victim.wav'").description
                == "the output 'victim.wav' is the input --play 'victim.wav': choose another output file")
        try OutputGuard.check(output: dir.appendingPathComponent("excerpt.wav").path, inputs: inputs)
    }
}
