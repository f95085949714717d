import Engine
import MPRIS
import Testing

@Suite("MPRIS tracks: one per section of the player, the noise with its time left")
struct MPRISTrackTests {
    let chorus = MPRISState(kind: .player, status: .playing, title: "song.wav · chorus", section: "chorus", pass: 2, sectionIndex: 2,
                            position: 3_000_000, length: 4_000_000, url: "file:///music/song.wav")

    @Test("each section is a track: /org/woodshed/track/<index>; SetPosition needs the section playing's id")
    func sectionTrackID() {
        #expect(MPRISProperties.trackID(chorus) == "/org/woodshed/track/2")
        guard case .dictionary(let m)? = MPRISProperties.player("Metadata", chorus) else { Issue.record("no metadata"); return }
        #expect(m.first?.key == "mpris:trackid" && m.first?.value == .objectPath("/org/woodshed/track/2"))
        #expect(MPRISSeek.action(setPosition: 3_500_000, trackID: "/org/woodshed/track/2", in: chorus) == .jump(milliseconds: 500))
        #expect(MPRISSeek.action(setPosition: 3_500_000, trackID: "/org/woodshed/track/1", in: chorus) == nil)
        var verse = chorus
        verse.sectionIndex = 1
        verse.section = "verse"
        verse.title = "song.wav · verse"
        #expect(MPRISProperties.changed(from: chorus, to: verse) == ["Metadata"])
    }

    @Test("the noise: its name as the title, its length and whole seconds left; Stop ends it, it cannot pause or skip")
    func noise() {
        let noise = MPRISState(kind: .other, status: .playing, title: "Brown Noise", secondsLeft: 900, length: 1_800_000_000)
        #expect(MPRISProperties.player("Metadata", noise) == .dictionary([
            ("mpris:trackid", .objectPath("/org/woodshed/sound")), ("xesam:title", .string("Brown Noise")),
            ("mpris:length", .int64(1_800_000_000)), ("woodshed:left", .int32(900)),
        ]))
        #expect(MPRISProperties.player("CanPause", noise) == .bool(false))
        #expect(MPRISProperties.player("CanPlay", noise) == .bool(true))  // it plays (playerctl reads no metadata otherwise)
        #expect(MPRISProperties.player("CanGoNext", noise) == .bool(false))
        #expect(MPRISProperties.player("CanControl", noise) == .bool(true))
        #expect(MPRISCall.stop.action(in: .other) == .stop)
        var later = noise
        later.secondsLeft = 899
        #expect(MPRISProperties.changed(from: noise, to: later) == ["Metadata"])
    }
}

@Suite("MPRIS LoopStatus set: the player's loop modes")
struct MPRISLoopTests {
    let player = MPRISState(kind: .player, status: .playing, title: "song.wav · verse", section: "verse", pass: 1, sectionIndex: 0)

    @Test("Track: the section endlessly; Playlist: loop all; None: neither; nothing when it is so already, or in the click")
    func set() {
        #expect(MPRISLoop.action(set: "Track", in: player) == .setLoop(.section))
        #expect(MPRISLoop.action(set: "Playlist", in: player) == .setLoop(.all))
        #expect(MPRISLoop.action(set: "None", in: player) == nil)
        var looping = player
        looping.loop = .playlist
        #expect(MPRISLoop.action(set: "None", in: looping) == .setLoop(.none))
        #expect(MPRISLoop.action(set: "Shuffle", in: looping) == nil)
        let click = MPRISState(kind: .metronome, status: .playing, title: "120 BPM · 4/4")
        #expect(MPRISLoop.action(set: "Track", in: click) == nil)
    }
}
