import Foundation
import Jobs
import Persistence
import Testing
import WoodshedTestSupport

/// Names and texts from files never reach the terminal raw in a listing (issue 33, defect 9):
/// an imported subtitle's ESC sequence would clear the screen or recolour it.
@Suite("Listings show control characters escaped")
struct ListingEscapeTests {
    @Test("sections list: an ESC sequence in a section's name and text is shown as \\u{1B} (issue 33, defect 9)")
    func sectionsList() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-escape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("song.wav").path
        try TestAudio.write(audio, [Float](repeating: 0, count: 48_000))
        var session = try SectionsSession(audioPath: audio, store: SectionStore(folder: folder.appendingPathComponent("sections")))
        _ = try session.add(name: "a", from: "0", to: "0.5", plan: SectionPlanChange())
        session.file.sections[0].name = "a\u{1B}[31m"
        session.file.sections[0].text = "Hi\u{1B}[2J\u{7}"
        let list = session.list()
        #expect(!list.contains("\u{1B}") && !list.contains("\u{7}"))
        #expect(list.hasPrefix("#  name         from      to        length    plan               text\n"
                               + "1  a\\u{1B}[31m  0:00.000  0:00.500  0:00.500  1 pass, then next  Hi\\u{1B}[2J\\u{7}\n"))
    }

    @Test("alarm add and list: an ESC sequence in an alarm's label is shown escaped (issue 33, defect 9)")
    func alarmList() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-alarm-escape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let actions = AlarmActions(store: AlarmStore(url: folder.appendingPathComponent("alarms.json")), environment: [:],
                                   now: { 1_800_000_000 })
        let added = try actions.add(AlarmActions.Settings(time: "07:00", label: "wake\u{1B}]0;pwned\u{7}"))
        #expect(added.hasPrefix(#"added alarm 1: 07:00 daily "wake\u{1B}]0;pwned\u{7}" · "#), "\(added)")
        let list = try actions.list()
        #expect(!list.contains("\u{1B}") && !list.contains("\u{7}"), "\(list)")
        #expect(list.contains(#"wake\u{1B}]0;pwned\u{7}"#), "\(list)")
    }
}
