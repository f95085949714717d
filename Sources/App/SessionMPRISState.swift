import Control
import MPRIS
import WoodshedCore

// What each live session shows on MPRIS (`SessionController.mprisState`). Control thread.

extension SessionController {
    /// A session without tempo or sections (noise): playing, titled by its command.
    public var mprisState: MPRISState { MPRISState(kind: .other, status: .playing, title: "Woodshed") }
}

extension MetronomeController {
    /// Playing or stopped, "132 BPM · 7/8" (a tempo map's where its last beat was), the volume.
    public var mprisState: MPRISState {
        let s = session.settings
        let shown = session.mapPlan != nil ? session.playing : nil
        let milliBPM = shown?.milliBPM ?? s.milliBPM
        let meter = shown.map { "\($0.beats)/\($0.denominator)" } ?? "\(s.beats)/\(s.denominator)"
        return MPRISState(kind: .metronome, status: session.running ? .playing : .stopped,
                          title: "\(Tempo.display(milliBPM)) BPM · \(meter)", milliBPM: milliBPM, meter: meter,
                          volume: Double(s.volume))
    }
}

extension PlayerController {
    /// Playing or paused (stopped once the program ended), "file · section", the section and pass.
    public var mprisState: MPRISState {
        let v = player.view()
        let status: MPRISState.Status = v.phase == .ended ? .stopped : v.paused ? .paused : .playing
        let name = file.info.path.split(separator: "/").last.map(String.init) ?? file.info.path
        return MPRISState(kind: .player, status: status, title: "\(name) · \(v.sectionName)",
                          section: v.sectionName, pass: v.pass + 1)
    }
}
