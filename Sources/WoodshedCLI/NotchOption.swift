import ArgumentParser
import Persistence
import RenderGraph

/// `--notch FREQ[:WIDTH]` as every command reads it (`render`, `play`, `shadow`, `playlist play`,
/// `noise`): a bad value is a usage error naming the value and the range; `tinnitus` is the
/// frequency `woodshed tinnitus match` saved (`TinnitusProfileStore`). Main thread.
enum NotchOption {
    /// The option's help line.
    static let help = ArgumentHelp(
        "Remove a band around FREQ (250 Hz to 12 kHz, at most 0.35 × the rate; e.g. 6000 or 6.2kHz, or tinnitus: the frequency woodshed tinnitus match saved), WIDTH octaves wide (1, 1/2 or 1/4; default 1). Music and noise only, never the click.",
        valueName: "freq[:width]")

    /// The notch `text` asks for (nil: none); with `rate`, also checked against it.
    static func parse(_ text: String?, rate: Int? = nil) throws -> Notch? {
        guard let text else { return nil }
        do {
            var tinnitus: Double?
            if Notch.namesTinnitus(text) { tinnitus = try TinnitusProfileStore().load().map { Double($0.frequency) } }
            let notch = try Notch(parsing: text, tinnitus: tinnitus)
            if let rate { try notch.check(rate: rate) }
            return notch
        } catch let e as NotchError {
            throw ValidationError(e.description)
        } catch {
            throw ValidationError("--notch tinnitus: \(error)")
        }
    }
}
