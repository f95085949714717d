import Foundation
import Testing
@testable import Persistence

@Suite("Calibrations: calibration.json in the config folder, one per JACK server and interface, atomic saves with backups, a damaged file never saved over")
struct CalibrationStoreTests {
    static let card = LoopbackCalibration(server: "default", interface: "hw:PCH", capturePort: "system:capture_1",
                                          playbackPort: "system:playback_1", rate: 48_000, period: 256,
                                          roundTripFrames: 1210, jackFrames: 1024, measuredAt: "2026-11-24T12:30:00Z")
    static let loop = LoopbackCalibration(server: "woodshed-test-0", interface: "dly", capturePort: "dly:out",
                                          playbackPort: "dly:in", rate: 48_000, period: 256,
                                          roundTripFrames: 1000, jackFrames: 1000, measuredAt: "2026-11-24T12:31:00Z")

    static let file = """
        {
          "schemaVersion": 1,
          "calibrations": [
            {"server": "default", "interface": "hw:PCH", "capturePort": "system:capture_1", "playbackPort": "system:playback_1", "rate": 48000, "period": 256, "roundTripFrames": 1210, "jackFrames": 1024, "extraFrames": 186, "measuredAt": "2026-11-24T12:30:00Z"},
            {"server": "woodshed-test-0", "interface": "dly", "capturePort": "dly:out", "playbackPort": "dly:in", "rate": 48000, "period": 256, "roundTripFrames": 1000, "jackFrames": 1000, "extraFrames": 0, "measuredAt": "2026-11-24T12:31:00Z"}
          ]
        }

        """

    func withStore(_ body: (CalibrationStore) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(CalibrationStore(url: folder.appendingPathComponent("config/woodshed/calibration.json")))
    }

    @Test("the file is $XDG_CONFIG_HOME/woodshed/calibration.json, else ~/.config/woodshed/calibration.json")
    func place() {
        #expect(CalibrationStore(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/me"]).url.path == "/x/cfg/woodshed/calibration.json")
        #expect(CalibrationStore(environment: ["HOME": "/home/me"]).url.path == "/home/me/.config/woodshed/calibration.json")
    }

    @Test("a card measured at 1210 frames where JACK says 1024: 186 extra frames; written one calibration a line and read back")
    func format() throws {
        #expect(Self.card.extraFrames == 186)
        let file = CalibrationFile(calibrations: [Self.card, Self.loop])
        #expect(String(decoding: file.jsonData(), as: UTF8.self) == Self.file)
        #expect(try CalibrationFile(data: Data(Self.file.utf8), source: "c.json") == file)
    }

    @Test("save: none at first; another server or interface is added; the same one replaced, the file before kept as calibration.json.bak")
    func saveAndReplace() throws {
        try withStore { store in
            #expect(try store.load() == CalibrationFile())
            #expect(try store.calibration(server: "default", interface: "hw:PCH") == nil)
            try store.save(Self.card)
            try store.save(Self.loop)
            #expect(try String(contentsOf: store.url, encoding: .utf8) == Self.file)
            var again = Self.card
            again.roundTripFrames = 1300
            again.measuredAt = "2026-11-24T13:00:00Z"
            try store.save(again)
            #expect(try store.load().calibrations == [again, Self.loop])
            #expect(try store.calibration(server: "default", interface: "hw:PCH")?.extraFrames == 276)
            #expect(try store.calibration(server: "default", interface: "dly") == nil)
            let backup = try String(contentsOf: BackupGenerations.url(of: store.url, generation: 1), encoding: .utf8)
            #expect(backup == Self.file)
        }
    }

    @Test("a damaged calibration.json: one line naming the file, line and field; a save refuses and leaves the bytes as they were")
    func damaged() throws {
        try withStore { store in
            try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let broken = Self.file.replacingOccurrences(of: "\"extraFrames\": 186", with: "\"extraFrames\": 180")
            try Data(broken.utf8).write(to: store.url)
            let expected = "\(store.url.path):4: calibrations[0].extraFrames: 180 is not roundTripFrames − jackFrames (186) (the calibrations are left as they are: fix the file, or move it away and calibrate again)"
            do throws(CalibrationError) { _ = try store.load(); Issue.record("read a damaged file") } catch { #expect(error.description == expected) }
            do throws(CalibrationError) { try store.save(Self.loop); Issue.record("saved over a damaged file") } catch {
                #expect(error.description == expected)
            }
            #expect(try Data(contentsOf: store.url) == Data(broken.utf8))
            let twice = Self.file.replacingOccurrences(of: "\"server\": \"woodshed-test-0\", \"interface\": \"dly\"", with: "\"server\": \"default\", \"interface\": \"hw:PCH\"")
            try Data(twice.utf8).write(to: store.url)
            do throws(CalibrationError) { _ = try store.load(); Issue.record("read a file with a calibration twice") } catch {
                #expect(error.description == "\(store.url.path):5: calibrations[1]: a second calibration of server \"default\", interface \"hw:PCH\" (the calibrations are left as they are: fix the file, or move it away and calibrate again)")
            }
        }
    }
}
