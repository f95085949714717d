import ArgumentParser
import Completions

/// The values the shell completes from Woodshed's own files: ArgumentParser's completion
/// scripts run `woodshed ---completion ...`, which answers from `ShellCompletion`. Main thread.
extension CompletionKind {
    static var presets: CompletionKind { .custom { _, _, prefix in ShellCompletion().presets(prefix: prefix) } }
    static var noise: CompletionKind { .custom { _, _, prefix in ShellCompletion().noise(prefix: prefix) } }
    static var sounds: CompletionKind { .custom { _, _, prefix in ShellCompletion().sounds(prefix: prefix) } }
    static var playlists: CompletionKind { .custom { _, _, prefix in ShellCompletion().playlists(prefix: prefix) } }
    static var midiMaps: CompletionKind { .custom { _, _, prefix in ShellCompletion().midiMaps(prefix: prefix) } }
    /// The sections of the audio file already typed.
    static var sections: CompletionKind { .custom { words, index, prefix in ShellCompletion().sections(words: words, index: index, prefix: prefix) } }
    /// `woodshed sections FILE ACTION ...`'s words after the action.
    static var sectionsArguments: CompletionKind {
        .custom { words, index, prefix in ShellCompletion().sectionsArguments(words: words, index: index, prefix: prefix) }
    }
    static var audioFiles: CompletionKind { .file(extensions: ShellCompletion.audioExtensions) }
}
