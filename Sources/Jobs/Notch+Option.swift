import Persistence
import RenderGraph

extension Notch {
    /// `--notch FREQ[:WIDTH]` as every command reads it (nil: not given): `tinnitus` is the
    /// frequency `woodshed tinnitus match` saved (`TinnitusProfileStore`); with `rate`, also
    /// checked against it. A bad value is a problem naming the value and the range. Main thread
    /// (reads the tinnitus profile).
    public static func option(_ text: String?, rate: Int? = nil) throws(OptionProblem) -> Notch? {
        guard let text else { return nil }
        do {
            var tinnitus: Double?
            if Notch.namesTinnitus(text) { tinnitus = try TinnitusProfileStore().load().map { Double($0.frequency) } }
            let notch = try Notch(parsing: text, tinnitus: tinnitus)
            if let rate { try notch.check(rate: rate) }
            return notch
        } catch let e as NotchError {
            throw OptionProblem(e.description)
        } catch {
            throw OptionProblem("--notch tinnitus: \(error)")
        }
    }
}
