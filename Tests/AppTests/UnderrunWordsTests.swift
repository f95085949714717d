@testable import App
import Engine
import JackBackend
@testable import Player
import Remote
import RenderGraph
import Testing

/// The player's underruns (frames it filled with silence because its worker was late) are said
/// beside the server's xruns: on the status line, the stop line and `ctl status`.
@Suite("Underruns beside xruns")
struct UnderrunWordsTests {
    static func view(underrunFrames: Int64) -> PlayerView {
        PlayerView(sectionIndex: 0, sectionName: "verse", sectionCount: 2, sectionStart: 0, sectionEnd: 48_000, pass: 0, passes: 3,
                   phase: .pass, stepFramesLeft: 0, stepLength: 0, blind: false, sectionText: nil, nextText: nil, sourceFrame: 0,
                   speed: 1000, sessionSpeed: 1000, transposeCents: 0, nextSection: "chorus", paused: false, clickOn: false,
                   markIn: nil, underrunFrames: underrunFrames)
    }

    @Test("the stop line says xruns and underrun frames side by side")
    func stopLine() {
        #expect(PlayerController.stopLine(ended: true, xruns: 0, underrunFrames: 0) == "ended · xruns 0 · underrun frames 0")
        #expect(PlayerController.stopLine(ended: false, xruns: 2, underrunFrames: 480) == "stopped · xruns 2 · underrun frames 480")
    }

    @Test("the status line's server part ends with xruns and underrun frames, on JACK and on ALSA; the start line has xruns only")
    func statusLine() {
        var st = OutputStatus()
        st.connected = true
        st.server = "default"
        st.rate = 48_000
        st.bufferSize = 256
        st.clientName = "woodshed"
        st.dspLoad = 3.14
        st.xruns = 1
        #expect(PlayerController.serverLine(st, backendLine: nil, underrunFrames: 512)
                == "JACK 'default' · 48000 Hz · 256 frames · client woodshed · DSP 3.1 % · xruns 1 · underrun frames 512")
        #expect(PlayerController.serverLine(st, backendLine: "ALSA 'hw:0' · 48000 Hz", underrunFrames: 0)
                == "ALSA 'hw:0' · 48000 Hz · xruns 1 · underrun frames 0")
        #expect(PlayerController.serverLine(st, backendLine: nil, underrunFrames: nil)
                == "JACK 'default' · 48000 Hz · 256 frames · client woodshed · DSP 3.1 % · xruns 1")
    }

    @Test("ctl status: the player's line and fields carry xruns and underrun frames")
    func ctlStatus() {
        let v = Self.view(underrunFrames: 256)
        #expect(SessionStates.playerLine(v, xruns: 0) == "section 1/2 verse · pass 1/3 · playing · speed 1× · xruns 0 · underrun frames 256")
        var state = SessionState(milliBPM: 120_000, beats: 4, denominator: 4, running: true, section: "verse", pass: "1/3",
                                speedPercent: 100, line: SessionStates.playerLine(v, xruns: 0))
        state.xruns = 0
        state.underrunFrames = 256
        #expect(StateText.json(state.message) == #"{"tempo": 120, "meter": "4/4", "running": true, "bar": 0, "beat": 0, "section": "verse", "pass": "1/3", "speed": 100, "xruns": 0, "underrun_frames": 256, "line": "section 1/2 verse · pass 1/3 · playing · speed 1× · xruns 0 · underrun frames 256"}"#)
    }
}
