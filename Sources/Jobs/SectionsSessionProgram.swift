import Foundation
import Persistence
import Player
import WoodshedCore

/// The program as a whole in `woodshed sections FILE ACTION`: what follows each section
/// (`advance`), the settings saved for the file (`reset`). Main thread.
extension SectionsSession {
    /// `advance next|stop|loop-all NAME... | --all`: what follows these sections' last pass.
    public mutating func setAdvance(_ value: String, names: [String], all: Bool) throws -> String {
        guard let advance = RepeatPlan.Advance(rawValue: value) else {
            throw ValidationErrorMessage("advance '\(value)' is not valid: use next, stop or loop-all")
        }
        guard all != !names.isEmpty else {
            throw ValidationErrorMessage(all ? "advance: give section names or --all, not both" : "advance: give section names, or --all for every section")
        }
        guard !file.sections.isEmpty else { throw ValidationErrorMessage("\(URL(fileURLWithPath: audioPath).lastPathComponent) has no sections yet") }
        let picked = all ? Array(file.sections.indices) : try names.map { try pick($0).index }
        for i in picked {
            var plan = file.sections[i].plan
            plan.advance = advance
            let name = file.sections[i].name
            try edit { (f: inout PracticeFile) throws(SectionEditError) in try f.setPlan(name, plan) }
        }
        let which = all ? "all \(plural(picked.count, "section"))"
                        : picked.map { "\($0 + 1) '\(file.sections[$0].name)'" }.joined(separator: ", ")
        return "\(which): \(PlayerSession.advanceText(advance))"
    }

    /// `reset`: the speed and transpose saved for the file (by keys and pedals in `play` and
    /// `shadow`) forgotten: speed 1×, transpose 0 from the next run.
    public mutating func resetSettings() -> String {
        let name = URL(fileURLWithPath: audioPath).lastPathComponent
        let s = file.settings
        var was: [String] = []
        if let v = s.speed { was.append("speed \(PlayerSession.speedText(v))") }
        if let v = s.transposeCents { was.append(String(format: "transpose %+.2f", Double(v) / 100)) }
        if let v = s.shadowSpeed { was.append("shadow speed \(PlayerSession.speedText(v))") }
        guard !was.isEmpty else { return "\(name): nothing to reset (speed 1×, transpose 0)" }
        file.settings.speed = nil
        file.settings.transposeCents = nil
        file.settings.shadowSpeed = nil
        return "\(name): speed 1×, transpose 0 (was \(was.joined(separator: ", ")))"
    }
}
