import ArgumentParser
import Jobs
import WoodshedCore

/// The option ranges as commands check them, in `validate()` before anything starts. Main thread.
extension OptionRange {
    /// A value given outside the range is a usage error (exit status 64); nil (not given) passes.
    func validate(_ value: Int?) throws {
        guard let value else { return }
        do { try check(value) } catch { throw ValidationError(error.description) }
    }

    /// `--repeat` text ("endless" or a number) checked the same way.
    static func validatePasses(_ text: String?) throws {
        guard let text else { return }
        do { _ = try passes(text) } catch { throw ValidationError(error.description) }
    }
}

/// Runs a request's check; its `OptionProblem` becomes a usage error (exit status 64), other
/// errors pass as they are. Main thread.
func usage<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let problem as OptionProblem { throw ValidationError(problem.description) }
}
