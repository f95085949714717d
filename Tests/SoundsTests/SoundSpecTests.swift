import CSndFile
import Sounds
import Testing

@Suite("The --sound option")
struct SoundSpecTests {
    @Test("a name picks a built-in sound; nothing given means beep")
    func builtinNames() throws {
        #expect(try SoundSpec(parsing: "woodblock") == .builtin(.woodblock))
        #expect(try SoundSpec(parsing: " Clave ") == .builtin(.clave))
        #expect(SoundSpec.default == .builtin(.beep))
    }

    @Test("a value with '/' or a sound file ending is a path; a comma separates accent from normal")
    func paths() throws {
        #expect(try SoundSpec(parsing: "hi.wav") == .files(accent: "hi.wav", normal: nil))
        #expect(try SoundSpec(parsing: "clicks/hi") == .files(accent: "clicks/hi", normal: nil))
        #expect(try SoundSpec(parsing: "HI.FLAC, lo.ogg") == .files(accent: "HI.FLAC", normal: "lo.ogg"))
        #expect(try SoundSpec(parsing: "a.wav,b.wav").paths == ["a.wav", "b.wav"])
        #expect(try SoundSpec(parsing: "a.wav,b.wav").description == "a.wav,b.wav")
        #expect(try SoundSpec(parsing: "stick").description == "stick")
    }

    @Test("an unknown name, three files or an empty file name is refused")
    func refused() {
        #expect(throws: SoundError.unknownSound("gong")) { try SoundSpec(parsing: "gong") }
        #expect(throws: SoundError.self) { try SoundSpec(parsing: "a.wav,b.wav,c.wav") }
        #expect(throws: SoundError.self) { try SoundSpec(parsing: "a.wav,") }
    }

    @Test("load synthesizes a built-in sound at the output rate")
    func loadBuiltin() throws {
        let sounds = try SoundSpec(parsing: "beep").load(rate: 96_000)
        #expect(sounds.name == "beep")
        #expect(sounds.rate == 96_000)
        #expect(Array(sounds.waves.normal) == (try BuiltinSound.beep.waves(rate: 96_000).normal))
    }

    @Test("load reads sample files and reports a missing one")
    func loadFiles() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("click.wav")
        try writeSound(decayingSine(seconds: 0.010, rate: 44_100), to: path, rate: 44_100)
        let sounds = try SoundSpec(parsing: path).load(rate: 48_000)
        #expect(sounds.name == "click.wav")
        #expect(abs(sounds.waves.accent.count - 480) <= 2)
        let missing = dir.path("gone.wav")
        #expect(throws: SoundError.cannotOpen(path: missing, reason: "No such file or directory")) {
            try SoundSpec(parsing: "\(path),\(missing)").load(rate: 48_000)
        }
    }
}

