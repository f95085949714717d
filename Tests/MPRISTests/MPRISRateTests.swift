import Engine
import MPRIS
import Testing

@Suite("MPRIS Rate and Volume: the player's speed, the metronome's tempo over its start, the click's volume")
struct MPRISRateTests {
    let click = MPRISState(kind: .metronome, status: .playing, title: "132 BPM · 4/4", milliBPM: 132_000, meter: "4/4",
                           volume: 0.5, rate: .tempo(milliBPM: 132_000, atStart: 120_000, range: 1_000...1_000_000))
    let player = MPRISState(kind: .player, status: .playing, title: "song.wav · verse", position: 0,
                            rate: .speed(thousandths: 750, range: 250...2000))

    @Test("the metronome at 132 BPM, started at 120: Rate 1.1; Rate 1.5 sets 180 BPM; the range is the tempo's")
    func tempo() {
        #expect(MPRISRate.values(click) == (rate: 1.1, minimum: 1.0 / 120, maximum: 1_000_000.0 / 120_000))
        #expect(MPRISRate.action(set: 1.5, in: click) == .setTempo(milliBPM: 180_000))
        #expect(MPRISRate.action(set: 1.1, in: click) == nil)
        #expect(MPRISRate.action(set: 100, in: click) == .setTempo(milliBPM: 1_000_000))
        #expect(MPRISRate.action(set: 0, in: click) == .stop)
    }

    @Test("the player at 75 %: Rate 0.75; Rate 1 steps the speed by 250 thousandths; past 2, 2")
    func speed() {
        #expect(MPRISRate.values(player) == (rate: 0.75, minimum: 0.25, maximum: 2))
        #expect(MPRISRate.action(set: 1, in: player) == .speedStep(thousandths: 250))
        #expect(MPRISRate.action(set: 3, in: player) == .speedStep(thousandths: 1_250))
        #expect(MPRISRate.action(set: 0, in: player) == .stop)
        #expect(MPRISProperties.player("Rate", player) == .double(0.75))
    }

    @Test("Volume 0.8 steps the click's volume by 0.3; the player's music has none to set")
    func volume() {
        #expect(MPRISVolume.action(set: 0.8, in: click) == .volumeStep(0.3))
        #expect(MPRISVolume.action(set: 9, in: click) == .volumeStep(3.5))
        #expect(MPRISVolume.action(set: 0.5, in: click) == nil)
        #expect(MPRISVolume.action(set: 0.8, in: player) == nil)
    }

    @Test("LoopStatus: None, Track (the section endlessly), Playlist (loop all); a change is announced")
    func loop() {
        var endless = player
        endless.loop = .track
        #expect(MPRISProperties.player("LoopStatus", player) == .string("None"))
        #expect(MPRISProperties.player("LoopStatus", endless) == .string("Track"))
        endless.loop = .playlist
        #expect(MPRISProperties.player("LoopStatus", endless) == .string("Playlist"))
        #expect(MPRISProperties.changed(from: player, to: endless) == ["LoopStatus"])
    }
}
