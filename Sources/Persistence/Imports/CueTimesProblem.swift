/// Why a cue's time line does not read, in the user's words ("bad timestamp '00:01:02.5x'").
/// Any thread.
struct CueTimesProblem: Error {
    var message: String
}
