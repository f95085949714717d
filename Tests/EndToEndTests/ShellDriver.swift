import Foundation

/// Runs completion scripts the way the shells do. Test thread only.
enum BashCompletion {
    /// A bash script that sources the completion `script`, sets `COMP_*` as bash does for the
    /// command line `line` (cursor at its end) and prints the completion function's candidates,
    /// one a line.
    static func query(script: String, line: String) -> String {
        """
        source \(quoted(script))
        COMP_LINE=\(quoted(line)); COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        _woodshed woodshed "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        (( ${#COMPREPLY[@]} )) && printf '%s\\n' "${COMPREPLY[@]}"
        exit 0
        """
    }

    static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// An interactive zsh or fish on a pseudo-terminal (util-linux `script`), fed keys from a
/// pipe: fish 3.6 cannot run these completions non-interactively (`complete -C` refuses
/// `commandline -C`), and zsh completes only in its line editor. Test thread only.
enum InteractiveShell {
    /// Types `setup` and Enter, then `line` and Tab, then goes to the start of the line, types
    /// `echo RESULT: ` and Enter: the completed line comes back as that echo's output.
    /// `shell` is the command that starts the shell; `environment` is added to this process's.
    static func complete(shell: String, setup: String, line: String, cwd: URL, environment: [String: String]) throws -> (line: String?, output: String) {
        let feed = """
            (sleep 1; printf '%s\\n' "$WS_SETUP"; sleep 1; printf '%s\\t' "$WS_LINE"; sleep 3
             printf '\\001echo RESULT: \\n'; sleep 1; printf 'exit\\n'; sleep 1) | timeout 30 script -qfec "$WS_SHELL" /dev/null
            """
        var env = environment
        env["WS_SETUP"] = setup
        env["WS_LINE"] = line
        env["WS_SHELL"] = "stty cols 200 rows 40; exec " + shell
        env["TERM"] = "xterm"
        let r = try E2E.run("bash", ["-c", feed], cwd: cwd, environment: env)
        let plain = r.stdout.replacing(/\x1B\][^\x07]*\x07/, with: "").replacing(/\x1B\[[0-9;?]*[ -\/]*[@-~]/, with: "")
            .replacing(/\x1B[()][0-9A-Za-z]/, with: "").replacing(/\x1B[=>]/, with: "")
        let lines = plain.split(whereSeparator: \.isNewline).map(String.init)  // "\r\n" is one Character
        let result = lines.first { $0.hasPrefix("RESULT: ") }.map { String($0.dropFirst("RESULT: ".count)) }
        return (result?.trimmingCharacters(in: .whitespaces), plain)
    }
}
