/// The properties of the MPRIS object, read from an `MPRISState`: the root interface's
/// (constant) and the player's. Any thread (pure functions).
public enum MPRISProperties {
    public static let objectPath = "/org/mpris/MediaPlayer2"
    public static let rootInterface = "org.mpris.MediaPlayer2"
    public static let playerInterface = "org.mpris.MediaPlayer2.Player"
    /// The MIME types of the files Woodshed plays (WAV, AIFF, FLAC, Ogg Vorbis, Opus, MP3).
    public static let mimeTypes = [
        "audio/wav", "audio/x-wav", "audio/aiff", "audio/x-aiff", "audio/flac", "audio/x-flac",
        "audio/ogg", "audio/x-vorbis+ogg", "audio/opus", "audio/x-opus+ogg", "audio/mpeg",
    ]

    /// The root interface's properties, which never change.
    public static func root(_ name: String) -> MPRISValue? {
        switch name {
        case "Identity": .string("Woodshed")
        case "CanQuit": .bool(true)
        case "CanRaise": .bool(false)
        case "HasTrackList": .bool(false)
        case "SupportedUriSchemes": .strings(["file"])
        case "SupportedMimeTypes": .strings(mimeTypes)
        default: nil
        }
    }

    /// The player interface's properties that a change announces (`PropertiesChanged`), in
    /// the order they are announced.
    public static let announced = ["PlaybackStatus", "LoopStatus", "Rate", "Metadata", "Volume", "MinimumRate",
                                   "MaximumRate", "CanGoNext", "CanGoPrevious", "CanPlay", "CanPause", "CanSeek"]

    /// The player interface's property `name` in `state`.
    public static func player(_ name: String, _ state: MPRISState) -> MPRISValue? {
        switch name {
        case "PlaybackStatus": .string(state.status.rawValue)
        case "LoopStatus": .string(state.loop.rawValue)
        case "Rate": .double(MPRISRate.values(state).rate)
        case "MinimumRate": .double(MPRISRate.values(state).minimum)
        case "MaximumRate": .double(MPRISRate.values(state).maximum)
        case "Shuffle": .bool(false)
        case "Metadata": .dictionary(metadata(state))
        case "Volume": .double(state.volume)
        case "Position": .int64(state.position ?? 0)
        case "CanGoNext", "CanGoPrevious", "CanPause": .bool(state.kind != .other)
        case "CanPlay", "CanControl": .bool(true)
        case "CanSeek": .bool(state.position != nil)
        default: nil
        }
    }

    /// `Metadata`: the track id (the session's kind; the player's section), the title, and
    /// Woodshed's own keys.
    public static func metadata(_ state: MPRISState) -> [(key: String, value: MPRISValue)] {
        var m: [(key: String, value: MPRISValue)] = [("mpris:trackid", .objectPath(trackID(state))), ("xesam:title", .string(state.title))]
        if let url = state.url { m.append(("xesam:url", .string(url))) }
        if let length = state.length { m.append(("mpris:length", .int64(length))) }
        if let bpm = state.milliBPM { m.append(("woodshed:bpm", .double(Double(bpm) / 1000))) }
        if let meter = state.meter { m.append(("woodshed:meter", .string(meter))) }
        if let section = state.section { m.append(("woodshed:section", .string(section))) }
        if let pass = state.pass { m.append(("woodshed:pass", .int32(Int32(clamping: pass)))) }
        if let left = state.secondsLeft { m.append(("woodshed:left", .int32(Int32(clamping: left)))) }
        return m
    }

    /// `mpris:trackid` of `state`: the click, the player's section (`/org/woodshed/track/<index>`,
    /// from 0), or the sound.
    public static func trackID(_ state: MPRISState) -> String {
        switch state.kind {
        case .metronome: "/org/woodshed/click"
        case .player: "/org/woodshed/track/\(state.sectionIndex ?? 0)"
        case .other: "/org/woodshed/sound"
        }
    }

    /// The announced player properties whose value differs between `old` and `new`.
    public static func changed(from old: MPRISState, to new: MPRISState) -> [String] {
        announced.filter { player($0, old) != player($0, new) }
    }
}
