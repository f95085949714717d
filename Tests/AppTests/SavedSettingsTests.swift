import App
import Control
import Engine
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
        func play(speed: Int = 1_000, transpose: Int = 0, key: String?, pedal: [UInt8]? = nil, remote: Action? = nil, shadow: Bool = false,
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
            // The options' plan plays the first section (`play --repeat …`); shadowing's, every one.
            for i in shadow ? Array(playing.indices) : [0] { playing[i].plan = plan }
            // As `PlaySetup`: the plans in the practice file, which the options never change.
            let savedPlans = load.file.sections.isEmpty ? nil : Dictionary(uniqueKeysWithValues: load.file.sections.map { ($0.name, $0.plan) })
            let audio = PlayerSession.Audio(source: SilentSource(), rate: 48_000, frames: 480_000, engine: .faster,
                                            crossfadeMilliseconds: 0, clickWaves: { _ in ([0.5], [0.25]) })
            let player = PlayerSession(audio: audio, sections: playing, unsavedCount: 0, startSection: 0, speed: speed,
                                       transposeCents: transpose, click: nil, savedPlans: savedPlans)
            _ = try player.makeDeck(outputRate: 48_000)
            let info = AudioFileInfo(path: song, frames: 480_000, rate: 48_000, channels: 2, format: .wav, formatName: "WAV", seeksExactly: true)
            let file = PlayerFile(summary: "song.wav", fileLine: "song.wav", info: info, practice: load, store: store)
            let log = PracticeLog(url: dir.appendingPathComponent("log.jsonl"))
            KeyAndPedalLoopTests.drive(KeyAndPedalLoopTests.playerSession(), key: key, pedal: pedal, remote: remote) { engine in
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

    /// A surface other than the keys asking for an action that saves when a key asks.
    struct SurfaceCase: Sendable, CustomTestStringConvertible {
        let what: String
        let pedal: [UInt8]?
        let remote: Action?
        let message: String
        var testDescription: String { what }
    }

    @Test("a pedal's speed-up, and a pass more or the reset from OSC, ctl or the desktop, change this session only, and say so; nothing is written",
          arguments: [SurfaceCase(what: "pedal speed-up", pedal: [0x90, 61, 100], remote: nil, message: "speed 1.05× (this session)"),
                      SurfaceCase(what: "remote repeat-more", pedal: nil, remote: .repeatStep(1), message: "intro: 4 passes (this session)"),
                      SurfaceCase(what: "remote reset", pedal: nil, remote: .reset,
                                  message: "reset: speed 1×, transpose 0, intro's saved plan (this session)")])
    func surfacesChangeTheSessionOnly(_ c: SurfaceCase) throws {
        let (what, pedal, remote, message) = (c.what, c.pedal, c.remote, c.message)
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let player = try rig.play(key: nil, pedal: pedal, remote: remote, plan: RepeatPlan(repeats: .times(3), advance: .next),
                                  settings: PracticeSettings(speed: 900))
        #expect(player.message == message, "\(what)")
        let saved = try #require(try rig.saved())
        #expect(saved.settings.speed == 900, "\(what)")
        #expect(saved.sections.map(\.plan.repeats) == [.times(3), .times(1)], "\(what)")
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

    /// The sections as `Rig.play` saves them first: intro 3 passes, verse 1.
    static let savedPlans = [RepeatPlan(repeats: .times(3), advance: .next), RepeatPlan(advance: .next)]

    @Test("play --repeat 5 --gap 1s --count-in 2 --advance stop is for this run only: the saved plans are left as they were (issue 33, defect 7)")
    func planOptionsAreOneOff() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let oneOff = RepeatPlan(repeats: .times(5), gap: .milliseconds(1_000), countInBars: 2, advance: .stop)
        let player = try rig.play(key: nil, plan: oneOff, settings: PracticeSettings())
        #expect(player.sections[0].plan == oneOff && player.planIsSessionOnly(0))
        let saved = try #require(try rig.saved())
        #expect(saved.sections.map(\.plan) == Self.savedPlans)
        #expect(saved.settings.lastSection == "intro")
    }

    @Test("] over a one-off --repeat 5 --gap 1s saves the passes (6), not the gap")
    func passKeyOverOneOffPlan() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let player = try rig.play(key: "]", plan: RepeatPlan(repeats: .times(5), gap: .milliseconds(1_000), advance: .next),
                                  settings: PracticeSettings())
        #expect(player.message == "intro: 6 passes · saved for song.wav")
        let saved = try #require(try rig.saved())
        #expect(saved.sections.map(\.plan) == [RepeatPlan(repeats: .times(6), advance: .next), RepeatPlan(advance: .next)])
    }

    @Test("w keeps this session's plan of the section playing (--repeat 5 --gap 1s), and says so")
    func keepSessionPlan() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let oneOff = RepeatPlan(repeats: .times(5), gap: .milliseconds(1_000), advance: .next)
        let player = try rig.play(key: "w", plan: oneOff, settings: PracticeSettings())
        #expect(player.message == "intro: this session's plan kept · saved for song.wav")
        let saved = try #require(try rig.saved())
        #expect(saved.sections.map(\.plan) == [oneOff, RepeatPlan(advance: .next)])
    }

    @Test("shadow's plan (its defaults: 3 passes, gaps 1.2× the sentence) plays every sentence and saves none of it (issue 33, defect 2)")
    func shadowPlanIsOneOff() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let shadowPlan = RepeatPlan(repeats: .times(3), gap: .passMultiple(thousandths: 1_200), advance: .next)
        let player = try rig.play(key: nil, shadow: true, plan: shadowPlan, settings: PracticeSettings())
        #expect(player.sections.map(\.plan) == [shadowPlan, shadowPlan])
        let saved = try #require(try rig.saved())
        #expect(saved.sections.map(\.plan) == Self.savedPlans)
    }

    @Test("the first play of a file new to Woodshed writes no practice file, and does not hash the audio (issue 33, defect 5)")
    func firstPlayWritesNothing() throws {
        let rig = try Rig()
        defer { try? FileManager.default.removeItem(at: rig.dir) }
        let load = try rig.store.open(audioPath: rig.song, frames: 480_000, rate: 48_000, hashLater: true)
        #expect(load.unhashed != nil)
        let audio = PlayerSession.Audio(source: SilentSource(), rate: 48_000, frames: 480_000, engine: .faster,
                                        crossfadeMilliseconds: 0, clickWaves: { _ in ([0.5], [0.25]) })
        // As `PlaySetup` for a file without sections: the whole file, for this session only.
        let player = PlayerSession(audio: audio, sections: [try Section(name: "whole file", start: 0, end: 480_000)],
                                   unsavedCount: 1, startSection: 0, speed: 1_000, transposeCents: 0, click: nil, savedPlans: [:])
        _ = try player.makeDeck(outputRate: 48_000)
        let info = AudioFileInfo(path: rig.song, frames: 480_000, rate: 48_000, channels: 2, format: .wav, formatName: "WAV", seeksExactly: true)
        let file = PlayerFile(summary: "song.wav", fileLine: "song.wav", info: info, practice: load, store: rig.store)
        KeyAndPedalLoopTests.drive(KeyAndPedalLoopTests.playerSession(), key: "]") { engine in
            PlayerController(engine: engine, player: player, file: file, keepOpen: true)
        }
        player.close()
        let written = (try? FileManager.default.contentsOfDirectory(atPath: rig.dir.appendingPathComponent("sections").path)) ?? []
        #expect(written.filter { $0.hasSuffix(".json") } == [])
    }
}
