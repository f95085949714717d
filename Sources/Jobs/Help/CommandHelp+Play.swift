/// The help of `woodshed play`, `shadow` and `takes`: the rehearsal player: the commands' abstracts and
/// discussions, and the help lines of their options too long for one line. Constants: any thread.
extension CommandHelp {
    public static let play = CommandHelp(
        abstract: "Play an audio file live (on JACK, or ALSA without a JACK server): sections, repeat plans, slowed playback with pitch kept.",
        discussion: """
            Examples:
              woodshed play song.flac
              woodshed play song.mp3 --from 1:02.5 --to 1:10 --repeat 4 --gap 2s \\
                  --speed 0.75
              woodshed play song.wav --section chorus --count-in 1 --click 96
              woodshed play lesson.ogg --plan "0.6,0.8,1.0"
              woodshed play song.flac --then-sound brown:15m
              woodshed play song.flac --filter lowpass:250     # e: filter off/on
              woodshed play song.flac --karaoke                # v: karaoke off/on
            With no section options, the saved sections of the file play in order, each
            with its plan, or the whole file when none is saved. --speed and --transpose
            are for this run; speed and sections changed with keys or pedals are saved
            for the file (see `woodshed sections FILE`).
            Keys: space play/pause, n/p next/previous section, a again, -/+ again
            slower/faster, ]/[ one pass more/less, ↑/↓ speed ±5 %, ←/→ jump ±5 s,
            i/o mark in/out (a quick loop), w keep it as a section, ,/. move the start
            ∓10 ms, </> move the end ∓10 ms, c click on/off, j/k and Enter the section
            list, 0 reset, g then next/stop/loop-all, s oscilloscope and meters,
            q or Esc quit.
            MIDI: JACK MIDI on woodshed:midi_in through the MIDI map (docs/midi.md):
            section-next/prev/again, repeat-up/down, speed-up/down, mark-in/out,
            jump-forward/back, nudge-in/out-earlier/later, again-slower/faster,
            section-cursor-next/prev, section-start-cursor, reset, keep-loop,
            advance-mode; toggle (or start/stop) plays and pauses, mute turns the
            click off.
            Without a terminal on stdout, one plain line is printed per pass and the
            program quits at the end.
            Every format is read in place with exact seeks: WAV, FLAC and AIFF
            (libsndfile), MP3 and MPEG Layer II (libmpg123), Ogg Vorbis (libvorbisfile),
            Opus (libopusfile), AAC in M4A/MP4 (FFmpeg).
            """)
    public static let shadow = CommandHelp(
        abstract: "Shadow a lesson: each sentence plays, then a pause to repeat it aloud, N times, then the next.",
        discussion: """
            Examples:
              woodshed shadow lesson.mp3 --subs lesson.srt --repeat 3 --gap 1.2x
              woodshed shadow podcast.ogg --split silence --speed 0.9
              woodshed shadow lesson.mp3         # the saved sentences, from where you left
            Sentences are the file's saved sections: --subs imports them first from
            subtitles (SRT, WebVTT) or an Audacity label track, --split silence finds
            them on the pauses (see `woodshed sections FILE split`). The plan applies to
            every sentence and is saved with them.
            Keys: space pause, a again, -/+ again at 0.85×/1.15×, n/p next/previous
            sentence, ↑/↓ speed ±5 %, ]/[ one pass more/less, ,/. move the sentence's
            start ∓50 ms, </> its end ∓50 ms (a bad cut, saved), j/k and Enter the
            sentence list, 0 reset, g then next/stop/loop-all, q quit.
            MIDI: the player's actions (docs/midi.md); nudge-in/out-* mark a bad cut:
            they move it by 50 ms.
            Each sentence practised is appended to the practice log; `woodshed log` sums
            it up.
            """)
    public static let takes = CommandHelp(
        abstract: "List, play and remove the takes recorded with shadow or play --record.",
        discussion: """
            Examples:
              woodshed takes lesson.mp3 list
              woodshed takes lesson.mp3 play 3
              woodshed takes lesson.mp3 remove 3
            Takes are 24-bit FLAC files in $XDG_DATA_HOME/woodshed/takes/FINGERPRINT/
            (~/.local/share/...), one per turn, the last --keep (default 5) of each
            sentence or section; numbered from 1 as listed. See docs/shadowing.md.
            """)
}

extension OptionHelp {
    public static let playThenSound = "After the program: a sound SOUND:DURATION, e.g. brown:15m or rain:30m (fades out over its last 10 s)."
    public static let shadowGap = "The pause to speak in after each pass: a multiple of the sentence (1.2x, default) or a time (2s)."
}
