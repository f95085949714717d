import Foundation
import Testing

/// `make test`'s share of the fuzzing (docs/fuzzing.md): every input of every corpus under
/// `Tests/Fuzz/Corpus` once more through the entry point `make fuzz` fuzzes. A parser that
/// crashes on one takes the test process down with it, which fails `make test`.
@Suite struct CorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    static func inputs(_ target: FuzzTarget) throws -> [URL] {
        let folder = corpus.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("every corpus input goes through its parser without a crash", arguments: FuzzTarget.allCases)
    func replay(_ target: FuzzTarget) throws {
        let inputs = try Self.inputs(target)
        #expect(!inputs.isEmpty, "Tests/Fuzz/Corpus/\(target.rawValue) has no input")
        for input in inputs {
            target.run(Array(try Data(contentsOf: input)))
        }
    }

    @Test("every corpus folder belongs to a fuzz target")
    func foldersMatchTargets() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).sorted()
        #expect(folders == FuzzTarget.allCases.map(\.rawValue).sorted())
    }
}
