import Foundation
import Control
import Persistence
import Testing
import WoodshedTestSupport

/// The kill -9 torture (issue 14): `store-torture` saves generation after generation into every
/// store Woodshed writes and is killed with SIGKILL at 200 random (seeded) moments; after each
/// kill every file is read with the store's own loader. Test thread.
@Suite("kill -9 while saving: 200 kills, no unreadable file, at most the last change lost, backups intact")
struct KillNineTortureTests {
    /// `store-torture`, built next to this test binary.
    static var tool: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("store-torture").path
    }

    /// Runs the tool from generation `first` until it has reported one generation and then
    /// `delay` more microseconds, kills it with SIGKILL, and returns the last generation it
    /// reported whole. `last`: let it run to the end instead.
    static func run(_ folder: TortureFolder, first: Int, killAfter delay: UInt32?, last: Int? = nil) throws -> Int {
        let out = folder.root.appendingPathComponent("reported-\(first)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = [folder.root.path, "\(first)"] + (last.map { ["\($0)"] } ?? [])
        p.standardOutput = try FileHandle(forWritingTo: out)
        let errors = Pipe()
        p.standardError = errors
        try p.run()
        if let delay {
            let deadline = Date().addingTimeInterval(20)
            while (try Data(contentsOf: out)).isEmpty && p.isRunning && Date() < deadline { usleep(500) }
            usleep(delay)
            kill(p.processIdentifier, SIGKILL)
        }
        p.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if delay != nil {
            #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGKILL, "the tool stopped by itself: \(stderr)")
        } else {
            #expect(p.terminationStatus == 0, "\(stderr)")
        }
        let lines = String(decoding: try Data(contentsOf: out), as: UTF8.self).split(separator: "\n")
        try FileManager.default.removeItem(at: out)
        guard let reported = lines.last.flatMap({ Int($0) }) else {
            Issue.record("the tool reported no generation: \(stderr)")
            return first - 1
        }
        return reported
    }

    /// After a run that reported `n` whole: every store holds generation n or n + 1 (the one
    /// being saved), each backup there reads and holds an earlier or the same generation
    /// (newest first), and the practice log has a whole line for every generation in `logged`.
    static func check(_ folder: TortureFolder, reported n: Int, logged: ClosedRange<Int>, kill: Int) throws {
        let allowed = n...(n + 1)
        for store in folder.kept {
            let generation: Int?
            do { generation = try store.generation(store.url) } catch {
                Issue.record("kill \(kill): the \(store.name) is unreadable: \(error)")
                continue
            }
            #expect(generation.map(allowed.contains) == true, "kill \(kill): the \(store.name) holds \(String(describing: generation)), not \(allowed)")
            var newer = generation ?? Int.max
            for backup in BackupGenerations.list(store.url) {
                do {
                    guard let older = try store.generation(backup.url) else {
                        Issue.record("kill \(kill): \(backup.url.lastPathComponent) holds no generation")
                        continue
                    }
                    #expect(older <= newer && older >= 0, "kill \(kill): \(backup.url.lastPathComponent) holds \(older) after \(newer)")
                    newer = older
                } catch {
                    Issue.record("kill \(kill): backup \(backup.url.lastPathComponent) of the \(store.name) is unreadable: \(error)")
                }
            }
        }
        // The last session moves a file it cannot read aside before saving: there must be none.
        #expect(!FileManager.default.fileExists(atPath: LastSessionStore(environment: folder.environment).brokenURL.path),
                "kill \(kill): the last session was found unreadable and moved aside")
        for copy in try folder.unsavedCopies() {
            #expect(copy.map(allowed.contains) == true, "kill \(kill): the unsaved copy holds \(String(describing: copy))")
        }
        let cached = folder.cachedFingerprint()
        #expect(cached.map(allowed.contains) == true, "kill \(kill): the fingerprint cache holds \(String(describing: cached))")
        let log = try folder.log()
        let inLog = Set(log.entries.map { Int($0.milliBPM - 60_000) })
        #expect(logged.allSatisfy(inLog.contains), "kill \(kill): the practice log lost \(logged.filter { !inLog.contains($0) })")
        #expect(inLog.allSatisfy { $0 >= 1 && $0 <= n + 1 }, "kill \(kill): the practice log holds \(inLog.sorted().suffix(3))")
        // Only a line cut by a kill is skipped: the last one, or one that a later append ended.
        for warning in log.warnings {
            #expect(warning.message == "the last line is unfinished (woodshed stopped while writing it): skipped"
                    || warning.message.hasPrefix("line skipped: "), "kill \(kill): \(warning)")
        }
    }

    @Test("200 kills at random moments while every store saves: each file and backup reads, at most the last change lost")
    func torture() throws {
        // In memory when it can (/dev/shm): a kill -9 ends the process, not the machine, so what
        // is on trial is the order of writes and renames, and 200 runs stay within seconds.
        let memory = URL(fileURLWithPath: "/dev/shm")
        let base = access(memory.path, W_OK) == 0 ? memory : FileManager.default.temporaryDirectory
        let root = base.appendingPathComponent("woodshed-torture-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = TortureFolder(root: root)
        var random = SeededRandom(seed: 14)
        var next = 1
        for kill in 1...200 {
            // A generation takes about 30 ms here: kill anywhere in the next one or two.
            let delay = UInt32(random.next() % 60_000)
            let n = try Self.run(folder, first: next, killAfter: delay)
            try Self.check(folder, reported: n, logged: 1...n, kill: kill)
            next = n + 1
        }
        // A clean run after the last kill: the temporary files the kills left are cleared away.
        let n = try Self.run(folder, first: next, killAfter: nil, last: next + 1)
        #expect(n == next + 1)
        try Self.check(folder, reported: n, logged: 1...n, kill: 201)
        #expect(folder.temporaryFiles() == [])
    }
}
