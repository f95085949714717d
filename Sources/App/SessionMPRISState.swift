import Control
import Foundation
import MPRIS
import WoodshedCore

// What each live session shows on MPRIS (`SessionController.mprisState`). Control thread.

extension SessionController {
    /// A session without tempo or sections: playing, titled by its command.
    public var mprisState: MPRISState { MPRISState(kind: .other, status: .playing, title: "Woodshed") }
}

extension NoiseController {
    /// Playing, titled by the noise ("Brown Noise"); with `--for`, its length, the time played
    /// as the position, and the whole seconds left (`woodshed:left`).
    public var mprisState: MPRISState {
        let rate = Int64(max(timer.rate, 1))
        let micros = { (frames: Int64) in Int64(ExactMath.roundDiv(Int128(frames) * 1_000_000, Int128(rate))) }
        let total = timer.totalFrames
        let left = total.map { Int(((max($0 - played, 0)) + rate - 1) / rate) }
        return MPRISState(kind: .other, status: .playing, title: title, secondsLeft: left,
                          length: total.map(micros))
    }
}

extension MetronomeController {
    /// Playing or stopped, "132 BPM · 7/8" (a tempo map's where its last beat was), the volume,
    /// the tempo over the tempo at the start as the rate.
    public var mprisState: MPRISState {
        let s = session.settings
        let shown = session.mapPlan != nil ? session.playing : nil
        let milliBPM = shown?.milliBPM ?? s.milliBPM
        let meter = shown.map { "\($0.beats)/\($0.denominator)" } ?? "\(s.beats)/\(s.denominator)"
        return MPRISState(kind: .metronome, status: session.running ? .playing : .stopped,
                          title: "\(Tempo.display(milliBPM)) BPM · \(meter)", milliBPM: milliBPM, meter: meter,
                          volume: Double(s.volume),
                          rate: .tempo(milliBPM: milliBPM, atStart: startMilliBPM, range: Tempo.allowed))
    }
}

extension PlayerController {
    /// The session speeds `PlayerSession.stepSpeed` allows, in thousandths.
    static let speedRange = 250...2000

    /// Playing or paused (stopped once the program ended), "file · section", the section (its
    /// index: the track id) and pass, the play head in the file (the section's start in count-ins and gaps), its URL and
    /// length, the session speed as the rate, the section looping endlessly (`Track`) or the
    /// program looping all (`Playlist`).
    public var mprisState: MPRISState {
        let v = player.view()
        let status: MPRISState.Status = v.phase == .ended ? .stopped : v.paused ? .paused : .playing
        let url = URL(fileURLWithPath: file.info.path)
        let rate = Int128(max(file.info.rate, 1))
        let micros = { (frames: Int64) in Int64(ExactMath.roundDiv(Int128(frames) * 1_000_000, rate)) }
        return MPRISState(kind: .player, status: status, title: "\(url.lastPathComponent) · \(v.sectionName)",
                          section: v.sectionName, pass: v.pass + 1, sectionIndex: v.sectionIndex, position: micros(v.sourceFrame),
                          length: micros(file.info.frames), url: url.absoluteString,
                          rate: .speed(thousandths: v.sessionSpeed, range: Self.speedRange),
                          loop: v.passes == nil ? .track : player.sections[v.sectionIndex].plan.advance == .loopAll ? .playlist : .none)
    }
}
