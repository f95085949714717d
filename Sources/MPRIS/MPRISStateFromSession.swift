import Engine

extension MPRISState {
    /// What the MPRIS object shows of `s`: the metronome plays or is stopped, the player plays,
    /// is paused or (its program ended) stopped, other sessions play until they end.
    public init(_ s: SessionState) {
        let kind: Kind = switch s.kind {
        case .metronome: .metronome
        case .player: .player
        case .other: .other
        }
        let status: Status = s.kind == .other ? .playing : s.running ? .playing : s.paused ? .paused : .stopped
        let rate: Rate? = switch s.rate {
        case .speed(let t, let range): .speed(thousandths: t, range: range)
        case .tempo(let m, let atStart, let range): .tempo(milliBPM: m, atStart: atStart, range: range)
        case nil: nil
        }
        let loop: Loop = switch s.loop {
        case .none: .none
        case .track: .track
        case .playlist: .playlist
        }
        let metronome = s.kind == .metronome
        self.init(kind: kind, status: status, title: s.title, milliBPM: metronome ? s.milliBPM : nil,
                  meter: metronome ? "\(s.beats)/\(s.denominator)" : nil, section: s.kind == .player ? s.section : nil,
                  pass: s.passHeard, sectionIndex: s.sectionIndex, secondsLeft: s.kind == .other ? s.secondsLeft : nil,
                  volume: metronome ? Double(s.volume) : 1, position: s.position, length: s.length, url: s.url,
                  rate: rate, loop: loop)
    }
}
