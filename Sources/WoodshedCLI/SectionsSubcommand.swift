import Jobs
import ArgumentParser

/// `woodshed sections FILE ACTION ...`: the practice sections of an audio file, kept in
/// `$XDG_DATA_HOME/woodshed/sections/` and found again by the file's content. Main thread.
///
/// ArgumentParser only recognises a subcommand right after its parent, not after a file
/// argument, so the action is read here and the words after it are parsed by the action's type.
struct SectionsSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "sections", help: .sections)

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
