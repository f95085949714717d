import JackBackend

extension JackBackend.Options {
    /// The JACK options of a session that plays only on music_L and music_R (`noise`,
    /// `tinnitus match`): its client name and server, and music_L and music_R connected to
    /// `connect` (each possibly comma-separated; empty: the first two physical playback ports)
    /// unless `noConnect`; the click port stays silent and unconnected. Main thread.
    static func musicOnly(clientName: String, server: String?, noConnect: Bool, connect: [String]) -> JackBackend.Options {
        var options = JackBackend.Options()
        options.clientName = clientName
        options.server = server
        options.noConnect = noConnect
        options.musicConnect = JackPortList.ports(connect)
        options.connect = []
        return options
    }
}
