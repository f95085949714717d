import RenderGraph

extension FilterChoice {
    /// `--filter KIND:FREQ` as `play` and `render --play` read it (nil: not given); with `rate`,
    /// also checked against it. A bad value is a problem naming it. Any thread.
    public static func option(_ text: String?, rate: Int? = nil) throws(OptionProblem) -> FilterChoice? {
        guard let text else { return nil }
        do {
            let choice = try FilterChoice(parsing: text)
            if let rate { try choice.check(rate: rate) }
            return choice
        } catch {
            throw OptionProblem(error.description)
        }
    }
}
