import Media

extension AudioSource: ProgramSource {}
