/// A word of the command line as the shell passes it to a completion (quotes and backslashes
/// still in it), read as the shell will: quotes and escapes removed, a leading `~/` made the
/// home folder. Any thread (pure).
enum ShellWord {
    static func unquoted(_ word: String, home: String) -> String {
        var out = "", quote: Character?, escaped = false
        for c in word {
            if escaped { out.append(c); escaped = false; continue }
            switch (c, quote) {
            case ("\\", nil), ("\\", "\""): escaped = true
            case ("'", nil), ("\"", nil): quote = c
            case (let q, let open?) where q == open: quote = nil
            default: out.append(c)
            }
        }
        if out == "~" { return home }
        if out.hasPrefix("~/") { return home + out.dropFirst() }
        return out
    }
}
