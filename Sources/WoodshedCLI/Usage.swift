import ArgumentParser
import Jobs

/// Runs a request's check; its `OptionProblem` becomes a usage error (exit status 64), other
/// errors pass as they are. Main thread.
func usage<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let problem as OptionProblem { throw ValidationError(problem.description) }
}
