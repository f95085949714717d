/// How the rehearsal player's program loops (MPRIS's `LoopStatus`): not at all (each
/// section's passes as planned, then on; the last section stops), the section playing endlessly,
/// or every section, the first again after the last (loop all). Any thread (a value).
public enum LoopMode: Equatable, Sendable {
    case none
    case section
    case all
}
