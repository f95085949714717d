import App
import Control
import Foundation
import Media
import Persistence
import Player
import Testing
import WoodshedCore

/// What the player saves for a file: what the user set with keys and pedals (per mode), never
/// the options of one run. Each test has its own sections folder and a 4 KB stand-in for the audio
/// (only its bytes are fingerprinted).
@Suite("What is saved is what the user saved: one-off options, keys, modes and the reset")
struct SavedSettingsTests {
    /// A folder with `song.wav`, the store beside it, and the file's practice file as loaded.
    struct Rig {
        let dir: URL
        let song: String
        let store: SectionStore

        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-saved-\(getpid())-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            song = dir.appendingPathComponent("song.wav").path
            try Data((0..<4096).map { UInt8($0 % 251) }).write(to: URL(fileURLWithPath: song))
            store = SectionStore(folder: dir.appendingPathComponent("sections"))
        }

        func open() throws -> PracticeFileLoad { try store.open(audioPath: song, frames: 480_000, rate: 48_000) }

        /// The practice file saved now.
        func saved() throws -> PracticeFile? { try store.load(try open().file.fingerprint) }

        /// Runs a player over the file's sections (intro 0–2 s, verse 2–4 s, saved first when
        /// `settings` is given) at `speed` and `transpose` (as the command line gave them), types
        /// `key` at 0.2 s, and returns the player and its message.
        func play(speed: Int = 1_000, transpose: Int = 0, key: String?, shadow: Bool = false,
                  plan: RepeatPlan = RepeatPlan(advance: .next), settings: PracticeSettings? = nil) throws -> PlayerSession {
            let sections = [try Section(name: "intro", start: 0, end: 96_000, plan: RepeatPlan(repeats: .times(3), advance: .next)),
                            try Section(name: "verse", start: 96_000, end: 192_000, plan: RepeatPlan(advance: .next))]
            if let settings {
                var file = try open().file
                file.sections = sections
                file.settings = settings
                try store.save(file)
            }
            let load = try open()
            var playing = load.file.sections.isEmpty ? sections : load.file.sections
            playing[0].plan = plan
            let audio = PlayerSession.Audio(source: SilentSource(), rate: 48_000, frames: 480_000, engine: .faster,
                                            crossfadeMilliseconds: 0, clickWaves: { _ in ([0.5], [0.25]) })
            let player = PlayerSession(audio: audio, sections: playing, unsavedCount: 0, startSection: 0, speed: speed,
                                       transposeCents: transpose, click: nil)
            _ = try player.makeDeck(outputRate: 48_000)
            let info = AudioFileInfo(path: song, frames: 480_000, rate: 48_000, channels: 2, format: .wav, formatName: "WAV", seeksExactly: true)
            let file = PlayerFile(summary: "song.wav", fileLine: "song.wav", info: info, practice: load, store: store)
            let log = PracticeLog(url: dir.appendingPathComponent("log.jsonl"))
            KeyAndPedalLoopTests.drive(KeyAndPedalLoopTests.playerSession(), key: key) { engine in
                PlayerController(engine: engine, player: player, file: file, keepOpen: true, shadow: shadow ? ShadowMode(log: log) : nil)
            }
            player.close()
            return player
        }
    }

    @Test("--speed 0.75 and --transpose -3 are for this run only: a pass added with ] is saved (and said so), the speed and transpose are not")
    func commandLineIsOneOff() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let player = try rig.play(speed: 750, transpose: -300, key: "]")
        #expect(player.message == "intro: 2 passes · saved for song.wav")
        let saved = try #require(try rig.saved())
        #expect(saved.sections.map(\.plan.repeats) == [.times(2), .times(1)])
        #expect(saved.settings.speed == nil)
        #expect(saved.settings.transposeCents == nil)
    }

    @Test("↑ from a one-off --speed 0.75 is the user's: 0.8× is saved for the file, and the screen says so")
    func keySpeedIsSaved() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let player = try rig.play(speed: 750, key: "\u{1B}[A")
        #expect(player.message == "speed 0.8× · saved for song.wav")
        let saved = try #require(try rig.saved())
        #expect(saved.settings.speed == 800)
        #expect(saved.settings.shadowSpeed == nil)
    }

    @Test("a speed set in shadow is shadow's: saved as shadowSpeed, play's speed is left as it was")
    func shadowKeepsItsOwnSpeed() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let player = try rig.play(key: "\u{1B}[A", shadow: true, settings: PracticeSettings(speed: 900))
        #expect(player.message == "speed 1.05× · saved for song.wav")
        let saved = try #require(try rig.saved())
        #expect(saved.settings.shadowSpeed == 1_050)
        #expect(saved.settings.speed == 900)
    }

    @Test("0 resets: speed 1×, transpose 0 and the section's saved plan (3 passes), and forgets the saved speed and transpose")
    func resetKey() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let player = try rig.play(speed: 800, transpose: -300, key: "0", plan: RepeatPlan(repeats: .endless, gap: .milliseconds(2_000)),
                                  settings: PracticeSettings(speed: 800, transposeCents: -300))
        #expect(player.message == "reset: speed 1×, transpose 0, intro's saved plan · saved for song.wav")
        #expect(player.speed == 1_000 && player.transposeCents == 0)
        #expect(player.sections[0].plan == RepeatPlan(repeats: .times(3), advance: .next))
        let saved = try #require(try rig.saved())
        #expect(saved.settings.speed == nil && saved.settings.transposeCents == nil)
        #expect(saved.sections[0].plan == RepeatPlan(repeats: .times(3), advance: .next))
    }
}
