import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

/// Runs real programs and reads real sound files for the end-to-end tests.
enum E2E {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The woodshed binary: $WOODSHED_BIN (make test sets the release build), else the debug build.
    static var woodshed: String {
        if let bin = ProcessInfo.processInfo.environment["WOODSHED_BIN"], !bin.isEmpty { return bin }
        return packageRoot.appendingPathComponent(".build/debug/woodshed").path
    }

    static let onsetsTool = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/tools/onsets.py").path

    struct Result { var status: Int32; var stdout: String; var stderr: String }

    /// Runs a program to completion and returns its exit status and output; `environment`
    /// is added to this process's (e.g. `XDG_DATA_HOME` of a test's own folder).
    @discardableResult
    static func run(_ program: String, _ args: [String], cwd: URL? = nil, environment: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        p.arguments = program.hasPrefix("/") ? args : [program] + args
        if let cwd { p.currentDirectoryURL = cwd }
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    static func woodshed(_ args: String...) throws -> Result { try run(woodshed, args) }

    /// A fresh temporary folder, inside one folder per test process that is removed when the
    /// process exits (recordings are tens of MB; a folder no test removed once filled /tmp).
    static func tempDir() throws -> URL {
        let u = tempRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    static let tempRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-e2e-\(getpid())-\(UUID().uuidString)")
        tempRootPath = root.path
        atexit { if let p = E2E.tempRootPath { try? FileManager.default.removeItem(atPath: p) } }
        return root
    }()
    nonisolated(unsafe) static var tempRootPath: String?

    struct Sound { var rate: Int; var channels: Int; var format: Int32; var samples: [Float] }

    /// Reads a sound file with libsndfile (first channel).
    static func read(_ path: String) throws -> Sound {
        let sound = try TestAudio.read(path)
        return Sound(rate: sound.rate, channels: sound.channels, format: sound.format, samples: sound.channel(0))
    }

    /// Onsets, by the shared test rule (see WoodshedTestSupport).
    static func onsets(_ x: [Float], threshold: Float = 0.01, gap: Int = 96) -> [Int] {
        WoodshedTestSupport.onsets(x, threshold: threshold, gap: gap)
    }

    /// round(k·240·rate / (bpm·den)) with exact integers (bpm in thousandths).
    static func beatFrame(_ k: Int, milliBPM: Int, den: Int, rate: Int, stepsPerBeat: Int = 1) -> Int {
        let n = Int128(k) * 240_000 * Int128(rate), d = Int128(milliBPM) * Int128(den) * Int128(stepsPerBeat)
        return Int((2 * n + d) / (2 * d))
    }

    /// The oracle in ../shared/tools/onsets.py: its summary fields as a dictionary.
    static func oracle(_ args: [String]) throws -> [String: Double] {
        let r = try run("python3", [onsetsTool] + args)
        guard r.status == 0, let last = r.stdout.split(separator: "\n").last else {
            Issue.record("onsets.py failed: \(r.stderr)")
            return [:]
        }
        var d: [String: Double] = [:]
        for field in last.split(separator: " ") {
            let kv = field.split(separator: "=")
            if kv.count == 2 { d[String(kv[0])] = Double(kv[1]) }
        }
        return d
    }
}
