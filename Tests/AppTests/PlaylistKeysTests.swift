import App
import Control
import Foundation
import Media
import Player
import Testing
import WoodshedCore

@Suite("A playlist's keys: its footer lists only them; n on the last track goes on to --then-noise")
struct PlaylistKeysTests {
    /// Two tracks of 2 s, laid end to end, each then the next; the player starts on `start`.
    static func tracks(start: Int) throws -> PlayerSession {
        let plan = RepeatPlan(advance: .next)
        let audio = PlayerSession.Audio(source: SilentSource(), rate: 48_000, frames: 192_000, engine: .faster,
                                        crossfadeMilliseconds: 0, clickWaves: { _ in ([0.5], [0.25]) })
        let player = PlayerSession(audio: audio, sections: [try Section(name: "a.flac", start: 0, end: 96_000, plan: plan),
                                                            try Section(name: "b.flac", start: 96_000, end: 192_000, plan: plan)],
                                   unsavedCount: 2, startSection: start, speed: 1_000, transposeCents: 0, click: nil)
        _ = try player.makeDeck(outputRate: 48_000)
        return player
    }

    /// Runs a playlist's controller (with brown noise to follow) over `player`, `key` typed at 0.2 s.
    static func run(_ player: PlayerSession, key: String?) -> PlayerController? {
        var made: PlayerController?
        KeyAndPedalLoopTests.drive(KeyAndPedalLoopTests.playerSession(), key: key) { engine in
            let c = KeyAndPedalLoopTests.playerController(engine, player)
            c.playlist = true
            c.thenNoise = (NoiseTimer(seconds: 900, fadeSeconds: 5), "Brown Noise")
            made = c
            return c
        }
        return made
    }

    @Test("the footer: play/pause, next/prev track, restart, jump, scope, quit; no section keys")
    func footer() throws {
        let player = try Self.tracks(start: 0)
        defer { player.close() }
        let c = try #require(Self.run(player, key: nil))
        let keys = c.screenState(player.view()).keys.map { "\($0.keys) \($0.action)" }
        #expect(keys == ["space play/pause", "n/p next/prev track", "a restart", "←/→ jump ±5 s", "s scope", "q/Esc quit"])
    }

    @Test("n on the last track goes on to the noise the screen's next: names (the program ends: PlayerSessionTests)")
    func nextIntoTheNoise() throws {
        let player = try Self.tracks(start: 1)
        defer { player.close() }
        _ = try #require(Self.run(player, key: "n"))
        #expect(player.message == "next: Brown Noise")
    }

    @Test("0 in a playlist is no overview key: the cursor keys belong to play and shadow")
    func noOverviewKeys() throws {
        let player = try Self.tracks(start: 0)
        defer { player.close() }
        _ = try #require(Self.run(player, key: "0"))
        #expect(player.message == "")
        #expect(player.speed == 1_000)
    }
}
