import Testing
@testable import JackBackend

/// The server name said in errors and on screen is the one libjack talks to.
@Suite("JACK server name")
struct JackServerNameTests {
    @Test("--server, else a non-empty $JACK_DEFAULT_SERVER, else 'default'")
    func effectiveName() {
        #expect(JackServerName.effective("studio", environment: ["JACK_DEFAULT_SERVER": "other"]) == "studio")
        #expect(JackServerName.effective(nil, environment: ["JACK_DEFAULT_SERVER": "other"]) == "other")
        #expect(JackServerName.effective(nil, environment: ["JACK_DEFAULT_SERVER": ""]) == "default")
        #expect(JackServerName.effective(nil, environment: [:]) == "default")
    }
}
