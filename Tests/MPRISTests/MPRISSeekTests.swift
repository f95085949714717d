import Engine
import MPRIS
import Testing

@Suite("MPRIS Seek and SetPosition as the player's jump")
struct MPRISSeekTests {
    let player = MPRISState(kind: .player, status: .playing, title: "song.wav · verse", section: "verse", pass: 1,
                            position: 2_000_000, length: 4_000_000, url: "file:///music/song.wav")

    @Test("Seek by 1.5 s is a jump of 1500 ms, to 3.5 s; to the nearest millisecond; under half of one, nothing")
    func seek() {
        #expect(MPRISSeek.action(offset: 1_500_000, in: player) == .jump(milliseconds: 1_500))
        #expect(MPRISSeek.action(offset: -2_500_499, in: player) == .jump(milliseconds: -2_500))
        #expect(MPRISSeek.action(offset: -2_500_500, in: player) == .jump(milliseconds: -2_501))
        #expect(MPRISSeek.action(offset: 500, in: player) == .jump(milliseconds: 1))
        #expect(MPRISSeek.action(offset: 499, in: player) == nil)
        #expect(MPRISSeek.target(of: .jump(milliseconds: 1_500), from: player) == 3_500_000)
        #expect(MPRISSeek.target(of: .jump(milliseconds: -2_500), from: player) == 0)
        #expect(MPRISSeek.target(of: .jump(milliseconds: 9_000), from: player) == 4_000_000)
    }

    @Test("SetPosition to 0.5 s jumps back 1500 ms; another track id, or past the end, does nothing")
    func setPosition() {
        #expect(MPRISSeek.action(setPosition: 500_000, trackID: "/org/woodshed/track/0", in: player) == .jump(milliseconds: -1_500))
        #expect(MPRISSeek.action(setPosition: 500_000, trackID: "/org/woodshed/click", in: player) == nil)
        #expect(MPRISSeek.action(setPosition: 4_000_001, trackID: "/org/woodshed/track/0", in: player) == nil)
        #expect(MPRISSeek.action(setPosition: -1, trackID: "/org/woodshed/track/0", in: player) == nil)
        // From 0.109333 s to 2 s: 1891 ms, to within half a millisecond of the position asked.
        var early = player
        early.position = 109_333
        let jump = MPRISSeek.action(setPosition: 2_000_000, trackID: "/org/woodshed/track/0", in: early)
        #expect(jump == .jump(milliseconds: 1_891))
        #expect(jump.flatMap { MPRISSeek.target(of: $0, from: early) } == 2_000_333)
    }

    @Test("the metronome has no position: no seeking, CanSeek false, Position 0")
    func metronome() {
        let click = MPRISState(kind: .metronome, status: .playing, title: "132 BPM · 4/4")
        #expect(MPRISSeek.action(offset: 1_000_000, in: click) == nil)
        #expect(MPRISProperties.player("CanSeek", click) == .bool(false))
        #expect(MPRISProperties.player("Position", click) == .int64(0))
        #expect(MPRISProperties.player("CanSeek", player) == .bool(true))
        #expect(MPRISProperties.player("Position", player) == .int64(2_000_000))
    }

    @Test("the player's metadata: its URL and length; a moving play head announces nothing")
    func metadata() {
        #expect(MPRISProperties.player("Metadata", player) == .dictionary([
            ("mpris:trackid", .objectPath("/org/woodshed/track/0")), ("xesam:title", .string("song.wav · verse")),
            ("xesam:url", .string("file:///music/song.wav")), ("mpris:length", .int64(4_000_000)),
            ("woodshed:section", .string("verse")), ("woodshed:pass", .int32(1)),
        ]))
        var later = player
        later.position = 2_500_000
        #expect(MPRISProperties.changed(from: player, to: later) == [])
    }
}
