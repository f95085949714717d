import Media
import Persistence
import RenderGraph

/// One sound of the catalog, ready to play: its name, category, description and level, and the
/// generator that makes it at any rate (`generator(rate:)`). Control thread. A sound looped from
/// a file keeps its samples (one loop per rate asked for) until it goes: keep the
/// `CatalogSound` alive for as long as a generator it made plays.
public final class CatalogSound {
    public let name: String
    public let entry: SoundEntry
    /// The sound file it loops (a file or a sound of the sound theme); nil for a generator.
    public let file: String?
    /// The file's frames, mono, at its own rate (read once).
    private var wave: (samples: [Float], rate: Int)?
    private var loops: [Int: NoiseLoop] = [:]

    init(name: String, entry: SoundEntry, file: String?) {
        self.name = name
        self.entry = entry
        self.file = file
    }

    deinit { for loop in loops.values { loop.deallocate() } }

    public var category: String { entry.category }
    public var description: String { entry.description }
    /// dBFS RMS: the catalog file's, or the generator's default.
    public var level: Double { entry.level ?? NoiseGenerator.defaultLevel }

    /// The colour of the noise under it (`NoiseRecipe.bed`: white for tones and files).
    public var bed: NoiseColor {
        if case .generator(let settings) = entry.source { return CatalogSound.recipe(settings).bed }
        return .white
    }

    /// As the screen shows it: "Brown Noise" for a colour, "Alarm Beeps" for alarm-beeps.
    public var title: String {
        if case .generator(.noise(let color)) = entry.source { return "\(color) noise".capitalized }
        return name.split(separator: "-").joined(separator: " ").capitalized
    }

    /// What the generator makes at `rate`: the generator's settings, or the file's loop
    /// (read and resampled to `rate` on first use). Throws `SoundCatalogError`.
    public func recipe(rate: Int) throws(SoundCatalogError) -> NoiseRecipe {
        switch entry.source {
        case .generator(let settings): return CatalogSound.recipe(settings)
        case .file(_, let crossfade), .themeSound(_, let crossfade):
            if let loop = loops[rate] { return .loop(loop) }
            let mono = try samples()
            var atRate = mono.samples
            if mono.rate != rate {
                do { atRate = try Resampler.resample(mono.samples, from: mono.rate, to: rate, path: file ?? name) } catch {
                    throw .unreadable(sound: name, reason: error.description)
                }
            }
            guard let loop = NoiseLoop.allocate(atRate, crossfade: Int((crossfade * Double(rate)).rounded())) else {
                throw .silent(sound: name, path: file ?? name)
            }
            loops[rate] = loop
            return .loop(loop)
        }
    }

    /// The generator for `rate` at `level` (default: the sound's). Throws `SoundCatalogError`,
    /// or `NoiseError` for a level out of range.
    public func generator(rate: Int, level: Double? = nil, seed: UInt64 = NoiseGenerator.defaultSeed) throws -> NoiseGenerator {
        try NoiseGenerator(recipe: try recipe(rate: rate), rate: rate, levelDecibels: level ?? self.level, seed: seed)
    }

    /// The file read once, mixed to mono.
    private func samples() throws(SoundCatalogError) -> (samples: [Float], rate: Int) {
        if let wave { return wave }
        guard let file else { throw .unreadable(sound: name, reason: "no file") }
        let source: AudioSource
        do { source = try AudioSource.open(path: file) } catch { throw .unreadable(sound: name, reason: error.description) }
        let info = source.info
        guard info.seconds <= SoundCatalog.longestFileSeconds else { throw .tooLong(sound: name, path: file, seconds: info.seconds) }
        let frames = Int(info.frames)
        var stereo = [Float](repeating: 0, count: 2 * frames)
        stereo.withUnsafeMutableBufferPointer { source.read(from: 0, count: frames, into: $0.baseAddress!) }
        if let failure = source.readFailure { throw .unreadable(sound: name, reason: "\(file): \(failure)") }
        var mono = [Float](repeating: 0, count: frames)
        for i in 0..<frames { mono[i] = 0.5 * (stereo[2 * i] + stereo[2 * i + 1]) }
        guard mono.contains(where: { $0 != 0 }) else { throw .silent(sound: name, path: file) }
        wave = (mono, info.rate)
        return (mono, info.rate)
    }

    /// The generator's settings as RenderGraph's recipe.
    static func recipe(_ settings: SoundGeneratorSettings) -> NoiseRecipe {
        switch settings {
        case .noise(let color): .noise(NoiseColor(rawValue: color) ?? .white)
        case .rain(let perSecond, let cutoff, let low, let high):
            .rain(dropletsPerSecond: perSecond, bedCutoffHertz: cutoff, dropletLowHertz: low, dropletHighHertz: high)
        case .fan(let hz, let harmonics, let decibels): .fan(humHertz: hz, harmonics: harmonics, humDecibels: decibels)
        case .ocean(let shortest, let longest, let trough):
            .ocean(shortestSwellSeconds: shortest, longestSwellSeconds: longest, troughDecibels: trough)
        case .tone(let hz, let beeps, let on, let gap, let pause):
            .tone(hertz: hz, beeps: beeps, beepSeconds: on, gapSeconds: gap, pauseSeconds: pause)
        }
    }
}
