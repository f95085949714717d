import Engine

extension SessionState {
    /// The fields `/woodshed/state` sends and subscribers receive one by one, in this order
    /// (name, value): tempo (f, BPM), meter (s), running (i), bar (i), beat (i) — a mode
    /// without a metronome (noise, the clock) sends running alone of these — then the
    /// player's section (s), pass (s), speed (f, percent), sentence (s), xruns (i),
    /// underrun_frames (h), then time_left (i, seconds), and line (s) last.
    public var fields: [(name: String, value: OSCArgument)] {
        var f: [(String, OSCArgument)] = []
        if hasMetronome { f += [("tempo", .float(Float(milliBPM) / 1000)), ("meter", .string("\(beats)/\(denominator)"))] }
        f.append(("running", .int32(running ? 1 : 0)))
        if hasMetronome { f += [("bar", .int32(Int32(clamping: bar))), ("beat", .int32(Int32(clamping: beat)))] }
        if let section { f.append(("section", .string(section))) }
        if let pass { f.append(("pass", .string(pass))) }
        if let speedPercent { f.append(("speed", .float(Float(speedPercent)))) }
        if let sentence { f.append(("sentence", .string(sentence))) }
        if let xruns { f.append(("xruns", .int32(Int32(clamping: xruns)))) }
        if let underrunFrames { f.append(("underrun_frames", .int64(underrunFrames))) }
        if let secondsLeft { f.append(("time_left", .int32(Int32(clamping: secondsLeft)))) }
        f.append(("line", .string(line)))
        return f
    }

    /// `/woodshed/state` with the fields as name/value pairs: `,sfsisi…`.
    public var message: OSCMessage {
        OSCMessage("/woodshed/state", fields.flatMap { [OSCArgument.string($0.name), $0.value] })
    }
}
