import CJack

/// JACK ports listed by a short-lived client (for `woodshed midi ports`). Control thread.
public enum JackPorts {
    /// JACK MIDI output ports (what can feed woodshed:midi_in), or the error.
    public static func midiSources(server: String?) -> Result<[String], JackError> {
        // libjack's own messages (no server, …) go where JackBackend's do, not to stderr.
        jack_set_error_function(jackMessage)
        jack_set_info_function(jackMessage)
        var status = jack_status_t(rawValue: 0)
        guard let c = woodshed_jack_client_open("woodshed-ports", JackNoStartServer, &status, server) else {
            if status.rawValue & JackServerFailed.rawValue != 0 { return .failure(.noServer(server: JackServerName.effective(server))) }
            return .failure(.openFailed(status: status.rawValue))
        }
        defer { jack_client_close(c) }
        guard let list = jack_get_ports(c, nil, "8 bit raw midi", UInt(JackPortIsOutput.rawValue)) else { return .success([]) }
        defer { jack_free(UnsafeMutableRawPointer(mutating: list)) }
        var out: [String] = []
        var i = 0
        while let s = list[i] { out.append(String(cString: s)); i += 1 }
        return .success(out)
    }
}
