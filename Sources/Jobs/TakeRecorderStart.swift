import App
import Media
import Player
import RenderGraph
import Takes

/// `--record` set up for a live player: the recorder behind the input capture, writing into
/// the audio file's takes folder at the output's rate. Main thread.
enum TakeRecorderStart {
    /// The recording (not started yet); `unit` is "sentence" (shadow) or "section" (play).
    static func recording(capture: InputCapture, audio: AudioFileInfo, turns: TurnBook, keep: Int, rate: Int,
                          unit: String) throws -> TakeRecording {
        let folder = try TakesLocation.folder(audioPath: audio.path)
        let recorder = Recorder(capture: capture, settings: .init(folder: folder, rate: rate, keep: keep),
                                turnStep: { turns.take($0) })
        return TakeRecording(recorder: recorder, unit: unit, rate: rate)
    }
}
