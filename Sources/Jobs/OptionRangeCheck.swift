import WoodshedCore

/// The option ranges as the requests check them, before anything starts: a value outside the
/// range is an `OptionProblem` (the command line's usage error, exit status 64). Any thread.
extension OptionRange {
    /// `value` checked; nil (not given) passes.
    public func checkOption(_ value: Int?) throws(OptionProblem) {
        guard let value else { return }
        do { try check(value) } catch { throw OptionProblem(error.description) }
    }

    /// `--repeat` text ("endless" or a number) checked the same way; nil passes.
    public static func checkPasses(_ text: String?) throws(OptionProblem) {
        guard let text else { return }
        do { _ = try passes(text) } catch { throw OptionProblem(error.description) }
    }
}
