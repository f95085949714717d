import Foundation
import Jobs
import Persistence
import RenderGraph
import Sounds
import Testing
import WoodshedTestSupport

/// `woodshed sounds list` says which sounds can't play (issue 33, defect 10).
@Suite("sounds list: a user's sound whose file is gone is marked")
struct SoundListingTests {
    @Test("a user's sound whose file is gone is listed as missing, naming the file (issue 33, defect 10)")
    func missingFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-sounds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(#"{"schemaVersion": 1, "category": "nature", "_": "my creek", "file": "/nonexistent/creek.wav"}"#.utf8)
            .write(to: dir.appendingPathComponent("creek.json"))
        let catalog = SoundCatalog(library: SoundEntryLibrary(levels: NoiseGenerator.levelRange, userFolder: dir), environment: [:])
        let listing = try SoundListing(category: "nature", catalog: catalog)
        let creek = try #require(listing.lines.first { $0.hasPrefix("creek ") })
        #expect(creek.hasSuffix("my creek (missing: its file /nonexistent/creek.wav is not there)"), "\(creek)")
        #expect(listing.lines.filter { $0.contains("(missing") } == [creek])
    }
}
