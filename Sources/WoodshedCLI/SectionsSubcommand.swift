import Jobs
import ArgumentParser
import Foundation
import Persistence

/// `woodshed sections FILE ACTION ...`: the practice sections of an audio file, kept in
/// `$XDG_DATA_HOME/woodshed/sections/` and found again by the file's content. Main thread.
///
/// ArgumentParser only recognises a subcommand right after its parent, not after a file
/// argument, so the action is read here and the words after it are parsed by the action's type.
struct SectionsSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sections",
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

    @Argument(help: "The audio file (WAV, FLAC, Ogg, MP3, ...).", completion: .audioFiles) var file: String
    @Argument(help: ArgumentHelp(ClosestName.list(SectionsSubcommand.names) + "."), completion: .list(SectionsSubcommand.names))
    var action: String = "list"
    @Argument(parsing: .captureForPassthrough, help: "The action's arguments and options.", completion: .sectionsArguments) var arguments: [String] = []

    /// The options of the actions that take no value.
    static let flags: Set<String> = ["--help", "-h", "--preview", "--all"]

    /// The actions in the order help lists them; each is named by the last word of its command name.
    static let actions: [any SectionsAction.Type] = [
        SectionsList.self, SectionsAdd.self, SectionsRemove.self, SectionsRename.self, SectionsMove.self, SectionsNudge.self,
        SectionsSet.self, SectionsAdvance.self, SectionsReset.self, SectionsExport.self, SectionsImport.self, SectionsSplit.self,
        SectionsTranscript.self, SectionsHistory.self, SectionsRestore.self, SectionsUndo.self,
    ]
    static let names = actions.map { String($0._commandName.split(separator: " ").last!) }

    func run() throws {
        guard let type = zip(Self.names, Self.actions).first(where: { $0.0 == action })?.1 else {
            throw SectionsActionWords.unknown(action, actions: Self.names)
        }
        // A negative number is a value: a nudge's step (-10ms), or a time or position to refuse by name.
        let words = NegativeNumbers.protectingPositionals(arguments, flags: Self.flags)
        let parsed: any SectionsAction
        do {
            parsed = try type.parse(words)
        } catch {
            if type.exitCode(for: error) == .success {
                print(type.fullMessage(for: error))
                return
            }
            throw ValidationErrorMessage("\(action): \(type.message(for: error)) (see woodshed sections FILE \(action) --help)")
        }
        print(try SectionsSession.perform(audioPath: file, acceptingBrokenFile: type is any SectionsHistoryAction.Type) {
            try parsed.run(on: &$0)
        })
    }
}
