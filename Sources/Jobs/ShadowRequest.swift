import App
import Media
import Persistence
import WoodshedCore

/// `woodshed shadow FILE` as the user asked: where the sentences come from (`subs`, `split`),
/// the one plan for every sentence, where to start. `setup` imports or finds the sentences
/// (saved), then builds the program. Main thread.
public struct ShadowRequest {
    public var file: String
    /// Subtitles or labels to import first.
    public var subs: String?
    /// Find the sentences on the pauses first.
    public var split: Bool
    public var `repeat`: String
    public var gap: String
    public var speed: String?
    public var plan: String?
    public var listenFirst: Bool
    public var blind: Bool
    public var wait: Bool
    public var sentence: String?
    public var crossfade: Int?

    public init(file: String, subs: String?, split: Bool, repeat: String, gap: String, speed: String?, plan: String?,
                listenFirst: Bool, blind: Bool, wait: Bool, sentence: String?, crossfade: Int?) {
        self.file = file
        self.subs = subs
        self.split = split
        self.repeat = `repeat`
        self.gap = gap
        self.speed = speed
        self.plan = plan
        self.listenFirst = listenFirst
        self.blind = blind
        self.wait = wait
        self.sentence = sentence
        self.crossfade = crossfade
    }

    /// The sentences imported or found (the last line of that report on stderr), then the
    /// program: every sentence with the shadowing plan.
    public func setup() throws -> PlaySetup {
        if let subs {
            var session = try SectionsSession(audioPath: file)
            let report = try session.importSections(from: subs)
            try session.saveIfChanged()
            writeStderr((report.split(separator: "\n").last.map(String.init) ?? report) + "\n")
        }
        if split {
            var session = try SectionsSession(audioPath: file)
            let report = try session.split(settings: SplitSettings(), preview: false)
            try session.saveIfChanged()
            writeStderr((report.split(separator: "\n").last.map(String.init) ?? report) + "\n")
        }
        let options = PlayRequest(section: sentence, speed: speed, crossfade: crossfade)
        var setup = try PlaySetup(path: file, options: options, countIn: nil, live: true, shadowing: true)
        guard setup.unsavedCount == 0 else {
            throw ValidationErrorMessage("\(file) has no sentences yet: give --subs FILE (subtitles or labels) or --split silence")
        }
        var shadowPlan = try PlaySetup.plan(RepeatPlan(repeats: OptionRange.passes(`repeat`), gap: RepeatPlan.parseGap(gap),
                                                       advance: wait ? .stop : .next), options: options, countIn: nil)
        if let plan {
            shadowPlan.speedLadder = try plan.split(separator: ",").map { try RepeatPlan.parseSpeed(String($0)) }
        }
        shadowPlan.listenFirst = listenFirst
        shadowPlan.blindPass = blind
        setup.usePlan(shadowPlan)
        return setup
    }

    /// Every value read before the file is opened; `split`: `--split`'s text (only silence).
    public func check(split: String?) throws(OptionProblem) {
        try OptionRange.checkPasses(`repeat`)
        if let split, split != "silence" { throw OptionProblem("--split takes silence, not '\(split)'") }
        if subs != nil && split != nil { throw OptionProblem("give --subs or --split, not both") }
        try OptionRange.crossfade.checkOption(crossfade)
        if let problem = PlayRequest.problem(speed: speed, gap: gap, plan: plan) { throw OptionProblem(problem) }
    }
}
