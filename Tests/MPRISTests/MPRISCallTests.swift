import Engine
import MPRIS
import Testing

@Suite("MPRIS calls become the one vocabulary's actions")
struct MPRISCallTests {
    @Test("the metronome: Next and Previous step the tempo by 1 BPM, PlayPause toggles, Stop stops")
    func metronome() {
        #expect(MPRISCall.next.action(in: .metronome) == .tempoStep(milliBPM: 1_000))
        #expect(MPRISCall.previous.action(in: .metronome) == .tempoStep(milliBPM: -1_000))
        #expect(MPRISCall.next.action(in: .metronome, tempoStep: 5_000) == .tempoStep(milliBPM: 5_000))
        #expect(MPRISCall.playPause.action(in: .metronome) == .toggleRunning)
        #expect(MPRISCall.play.action(in: .metronome) == .start)
        #expect(MPRISCall.pause.action(in: .metronome) == .stop)
        #expect(MPRISCall.stop.action(in: .metronome) == .stop)
        #expect(MPRISCall.quit.action(in: .metronome) == .quit)
    }

    @Test("the player: Next and Previous step the section, Stop pauses")
    func player() {
        #expect(MPRISCall.next.action(in: .player) == .sectionStep(1))
        #expect(MPRISCall.previous.action(in: .player) == .sectionStep(-1))
        #expect(MPRISCall.playPause.action(in: .player) == .toggleRunning)
        #expect(MPRISCall.stop.action(in: .player) == .stop)
    }

    @Test("a session without tempo or sections: Next and Previous do nothing")
    func other() {
        #expect(MPRISCall.next.action(in: .other) == nil)
        #expect(MPRISCall.previous.action(in: .other) == nil)
        #expect(MPRISCall.playPause.action(in: .other) == .toggleRunning)
    }

    @Test("the member names are MPRIS's")
    func names() {
        #expect(MPRISCall.allCases.map(\.rawValue) == ["PlayPause", "Play", "Pause", "Stop", "Next", "Previous", "Quit"])
    }
}

@Suite("MPRIS properties from the session's state")
struct MPRISPropertiesTests {
    let click = MPRISState(kind: .metronome, status: .playing, title: "132 BPM · 7/8", milliBPM: 132_000, meter: "7/8")

    @Test("the root interface: Woodshed, quits, cannot raise, no track list, file URLs")
    func root() {
        #expect(MPRISProperties.root("Identity") == .string("Woodshed"))
        #expect(MPRISProperties.root("CanQuit") == .bool(true))
        #expect(MPRISProperties.root("CanRaise") == .bool(false))
        #expect(MPRISProperties.root("HasTrackList") == .bool(false))
        #expect(MPRISProperties.root("SupportedUriSchemes") == .strings(["file"]))
        #expect(MPRISProperties.root("SupportedMimeTypes") == .strings(MPRISProperties.mimeTypes))
        #expect(MPRISProperties.root("Fullscreen") == nil)
    }

    @Test("the metronome's metadata: track id, title, woodshed:bpm and woodshed:meter")
    func metadata() {
        #expect(MPRISProperties.player("Metadata", click) == .dictionary([
            ("mpris:trackid", .objectPath("/org/woodshed/click")), ("xesam:title", .string("132 BPM · 7/8")),
            ("woodshed:bpm", .double(132)), ("woodshed:meter", .string("7/8")),
        ]))
        #expect(MPRISProperties.player("PlaybackStatus", click) == .string("Playing"))
    }

    @Test("a stop changes PlaybackStatus only; a tempo step changes Metadata only")
    func changes() {
        var stopped = click
        stopped.status = .stopped
        #expect(MPRISProperties.changed(from: click, to: stopped) == ["PlaybackStatus"])
        var faster = click
        faster.milliBPM = 133_000
        faster.title = "133 BPM · 7/8"
        #expect(MPRISProperties.changed(from: click, to: faster) == ["Metadata"])
        #expect(MPRISProperties.changed(from: click, to: click) == [])
    }
}
