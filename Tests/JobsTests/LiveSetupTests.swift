import Control
import Foundation
import Jobs
import Testing

/// What `woodshed click` starts with, from the options and the last session.
@Suite("LiveSetup: the live click's first settings")
struct LiveSetupTests {
    @Test("a tempo and meter with no last session; no tempo takes the last session's")
    func settings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LastSessionStore(environment: ["XDG_STATE_HOME": folder.path, "XDG_CONFIG_HOME": folder.path, "HOME": folder.path])
        let first = try LiveSetup(options: ClickRequest(tempo: "90", meter: "7/8"), volume: 1, store: store)
        #expect(first.summary == "90 BPM 7/8")
        #expect(first.settings.milliBPM == 90_000)
        #expect(first.settings.beats == 7)
        #expect(first.mapPlan == nil)
        try store.save(first.settings)
        let again = try LiveSetup(options: ClickRequest(), volume: 1, store: store)
        #expect(again.summary == "90 BPM 7/8 (last session)")
    }
}
