/// The help of `woodshed noise` and `sounds`: background sound: the commands' abstracts and
/// discussions, and the help lines of their options too long for one line. Constants: any thread.
extension CommandHelp {
    public static let noise = CommandHelp(
        abstract: "Play white, pink or brown noise, or a sound of the catalog, live (on JACK, or ALSA without a JACK server), for a set time with a fade-out.",
        discussion: """
            Examples:
              woodshed noise pink --for 30m --fade 20s
              woodshed noise brown --level -24
              woodshed noise sleep                  # a preset: brown, 45 min, 2 min fade
              woodshed noise focus --for 50m        # options change a preset's settings
              woodshed noise rain --for 30m         # a sound (woodshed sounds list)
            With --for, the noise fades out over the last --fade (default 10 s, at most
            half the time) and woodshed quits when it has faded. Keys: q or Esc quit.
            Presets: focus, masking, practice-room, sleep (Presets/noise); your own are
            $XDG_CONFIG_HOME/woodshed/noise/NAME.json: see docs/noise-and-playlists.md.
            Sounds: woodshed sounds list; your own are
            $XDG_CONFIG_HOME/woodshed/sounds/NAME.json (docs/sounds.md).
            """)
    public static let sounds = CommandHelp(
        abstract: "List the sound catalog (noise, rain, ocean, fan, alarm tones, your own) and preview a sound.",
        discussion: """
            Examples:
              woodshed sounds list
              woodshed sounds list --category nature
              woodshed sounds preview rain
              woodshed noise rain --for 30m
            Your own sounds are $XDG_CONFIG_HOME/woodshed/sounds/NAME.json: a
            generator with its parameters, or a sound file looped with a crossfade.
            See docs/sounds.md.
            """)
    public static let soundsList = CommandHelp(abstract: "List the sounds: name, category and description.")
    public static let soundsPreview = CommandHelp(
        abstract: "Play a sound for 3 seconds, fading out over the last second, on the live output (JACK, or ALSA).")
}

extension OptionHelp {
    public static let noiseFade = "Fade-out at the end of --for: a time such as 20s (default 10s; 0 for none)."
    public static let noiseUntil = "Play until this time of day (HH:MM), fading out over the last minute, while the alarms (woodshed alarm) ring."
}
