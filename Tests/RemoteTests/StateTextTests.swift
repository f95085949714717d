import Engine
import Remote
import Testing

@Suite("woodshed ctl prints the state as its one line, or as JSON with the fields in order")
struct StateTextTests {
    @Test("the player's state: every field, in /woodshed/state's order, strings escaped")
    func player() {
        let s = SessionState(milliBPM: 97_500, beats: 7, denominator: 8, running: true, bar: 12, beat: 3, section: "the \"hard\" bar",
                            pass: "2/8", speedPercent: 75, secondsLeft: 90, line: "section 2/5 the \"hard\" bar · pass 2/8")
        #expect(StateText.json(s.message) == #"{"tempo": 97.5, "meter": "7/8", "running": true, "bar": 12, "beat": 3, "section": "the \"hard\" bar", "pass": "2/8", "speed": 75, "time_left": 90, "line": "section 2/5 the \"hard\" bar · pass 2/8"}"#)
        #expect(StateText.line(s.message) == "section 2/5 the \"hard\" bar · pass 2/8")
        #expect(s.message.typeTags == "sfsssisisisssssfsiss")
    }
}
