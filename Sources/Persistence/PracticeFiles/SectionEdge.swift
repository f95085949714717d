/// Which end of a section a nudge moves. Any thread (a value).
public enum SectionEdge: String, Sendable, CaseIterable {
    case start, end
}
