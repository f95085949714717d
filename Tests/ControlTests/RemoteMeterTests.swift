import Control
import Testing

@Suite("klick's set_meter and set_pattern on the live session (OSC)")
struct RemoteMeterTests {
    @Test("a meter with its denominator, then a pattern, from the next bar")
    func meterThenPattern() throws {
        let session = LiveSession(settings: ClickSettings())
        _ = try session.makeRenderer(rate: 48_000)
        #expect(session.changeMeter(beats: 7, denominator: 8) == nil)
        #expect(session.settings.beats == 7 && session.settings.denominator == 8 && session.beatsPerBar == 7)
        #expect(session.message == "meter 7/8 from the next bar")
        #expect(session.changePattern("X..x.x.") == nil)
        #expect(session.settings.pattern == "X..x.x.")
        #expect(session.message == "pattern X..x.x. from the next bar")
        #expect(session.changePattern("") == nil)
        #expect(session.settings.pattern == nil)
        #expect(session.liveTimelineCount == 3)
    }

    @Test("a pattern that does not fit is refused and nothing changes")
    func badPattern() {
        let session = LiveSession(settings: ClickSettings())
        let why = session.changePattern("Xq")
        #expect(why?.hasPrefix("cannot use the pattern 'Xq': ") == true, "\(why ?? "nil")")
        #expect(session.settings.pattern == nil)
        #expect(session.settingsChanged == false)
    }
}
