/// The help of `woodshed sections FILE ACTION`: the practice sections of an audio file: the commands'
/// abstracts and discussions, and the help lines of their options too long for one line. Constants: any
/// thread.
extension CommandHelp {
    public static let sections = CommandHelp(
        abstract: "Mark, list and edit the practice sections of an audio file.",
        discussion: """
            ACTION is one of (default: list):
              list                         the sections: number, name, times, plan, text
              add NAME FROM TO [plan]      add a section at the end
              rm NAME                      remove a section
              rename NAME NEW              rename a section
              move NAME POSITION           move a section to POSITION (from 1)
              nudge NAME start|end [STEP]  move one end by STEP (default 10ms)
              set NAME [plan]              change a section's plan
              advance next|stop|loop-all NAME...|--all
                                           what follows the sections' last pass
              reset                        forget the saved speed and transpose
              export OUT.json              write the sections and plans to a file
              import IN                    merge sections by name from a file: JSON,
                                           subtitles (.srt, .vtt) or Audacity labels
              split                        find sentences on the pauses (shadowing)
              text TRANSCRIPT              give a plain transcript's sentences to the
                                           sentences split on the pauses
              history                      the saved versions: the current one and 5
                                           backups, with their times and what changed
              restore N                    bring back backup N (undo it with: undo)
              undo                         undo the last change (restore 1)
            NAME: a section's name or number. Times: 62.5, 1:02.5, 1:02:03.250, 350ms.
            Plan: --repeat N|endless  --gap 2s|1.5x  --count-in BARS
                  --speeds 0.6,0.8,1  --advance next|stop|loop-all
            Help for one action: woodshed sections FILE ACTION --help
            Saved in $XDG_DATA_HOME/woodshed/sections/ (~/.local/share/...), one
            file per audio file, found by its content: see docs/player.md.
            """)
    public static let sectionsList = CommandHelp(
        abstract: "Show the sections: number, name, from, to, length, plan and text.",
        discussion: """
            The text column (a sentence's words, from subtitles) is shown when a section
            has any; its lines are joined with " / ".
            """)
    public static let sectionsAdd = CommandHelp(abstract: "Add a section at the end.")
    public static let sectionsRemove = CommandHelp(abstract: "Remove a section.")
    public static let sectionsRename = CommandHelp(abstract: "Rename a section.")
    public static let sectionsMove = CommandHelp(abstract: "Move a section to another place in the order.")
    public static let sectionsNudge = CommandHelp(
        abstract: "Move the start or end of a section a little: by STEP (default 10ms; -10ms is earlier).")
    public static let sectionsSet = CommandHelp(abstract: "Change a section's plan: only the options given change.")
    public static let sectionsAdvance = CommandHelp(abstract: "What follows the sections' last pass: next, stop or loop-all.")
    public static let sectionsReset = CommandHelp(abstract: "Forget the speed and transpose saved for the file: speed 1×, transpose 0.")
    public static let sectionsExport = CommandHelp(
        abstract: "Write the sections to a file: OUT.txt as Audacity labels, any other name as JSON with their plans.")
    public static let sectionsImport = CommandHelp(
        abstract: "Merge sections from subtitles (.srt, .vtt), Audacity labels (.txt) or an exported JSON file: a section with the same name is replaced, others are added.")
    public static let sectionsSplit = CommandHelp(
        abstract: "Find the sentences of speech by its pauses and save them as sections s1, s2, … (replacing earlier ones of those names).",
        discussion: """
            A pause is at least --min-silence of 10 ms windows below --threshold. Each
            sentence is its speech plus --pad on each side, never past the middle of the
            pause to its neighbour. Speech shorter than --min-sentence is joined to the
            nearer neighbour. Times: 350ms, 0.35, 0.35s. See docs/shadowing.md.
            """)
    public static let sectionsTranscript = CommandHelp(
        abstract: "Give the sentences of a plain transcript to the sections s1, s2, … split on silence, in order.",
        discussion: """
            A sentence ends at . ! ? … followed by a space, and at each line end. They are
            matched to the sections by their length against each section's duration: extra
            sentences are joined to a neighbour, and with fewer sentences than sections
            some are left without text; both are said. See docs/shadowing.md.
            """)
    public static let sectionsHistory = CommandHelp(
        abstract: "Show the saved versions: the current one and up to 5 backups, newest first.",
        discussion: """
            Each line: the version (current, or the backup's number for restore), when it
            was saved (local time), and what it changed since the one before:
            + NAME added, - NAME removed, ~ NAME (what) changed, order, settings, path.
            """)
    public static let sectionsRestore = CommandHelp(
        abstract: "Bring back backup N (see history); the current version becomes backup 1, so undo brings it back.")
    public static let sectionsUndo = CommandHelp(abstract: "Undo the last change: restore backup 1. Undo again to redo it.")
}

extension OptionHelp {
    public static let sectionsGap = "Silence after each pass: a time (2s, 1500ms) or a multiple of the pass (1.5x); 0 for none."
    public static let sectionsSpeeds = "Speed of each pass, e.g. 0.6,0.8,1.0 (the last holds); 'none' for the session's speed."
    public static let splitMinSilence = "The shortest pause that splits (default 350ms)."
    public static let splitThreshold = "Silence is below this: a level in dBFS such as -40dB (the default), or peak-30dB: 30 dB below the loudest 10 ms of the file, for quiet recordings."
    public static let splitMinSentence = "Shorter speech is joined to a neighbour (default 500ms)."
    public static let splitPadBefore = "Kept before each sentence's speech (default: --pad)."
    public static let splitPadAfter = "Kept after each sentence's speech (default: --pad)."
}
