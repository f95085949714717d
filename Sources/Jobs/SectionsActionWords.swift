/// The action word of `woodshed sections FILE ACTION`: a mistyped one named with the closest
/// action, or the list to pick from. Any thread.
public enum SectionsActionWords {
    /// The error for `action`, not one of `actions` (in the order help lists them).
    public static func unknown(_ action: String, actions: [String]) -> ValidationErrorMessage {
        if let guess = ClosestName.closest(to: action, in: actions.sorted()) {
            return ValidationErrorMessage("unknown action '\(action)' for 'woodshed sections FILE'; did you mean '\(guess)'?")
        }
        return ValidationErrorMessage("unknown action '\(action)': use \(ClosestName.list(actions))")
    }
}
