import Foundation

/// A catalog sound's `generator` object: its `type` and parameters, each checked against its
/// range. Any thread (a value). The types and what their parameters do are `NoiseRecipe`'s
/// (RenderGraph); a parameter left out takes the default below.
///
///     "generator": { "type": "fan", "humHz": 120, "harmonics": 3, "humDecibels": -12 }
public enum SoundGeneratorSettings: Sendable, Equatable {
    case noise(color: String)
    case rain(dropletsPerSecond: Double, bedCutoffHz: Double, dropletLowHz: Double, dropletHighHz: Double)
    case fan(humHz: Double, harmonics: Int, humDecibels: Double)
    case ocean(shortestSwellSeconds: Double, longestSwellSeconds: Double, troughDecibels: Double)
    case tone(hz: Double, beeps: Int, beepSeconds: Double, gapSeconds: Double, pauseSeconds: Double)

    /// The types, in the order errors list them.
    public static let types = ["noise", "rain", "fan", "ocean", "tone"]

    /// Each parameter: its default and range (`harmonics` and `beeps` are whole numbers).
    static let parameters: [String: [(name: String, fallback: Double, range: ClosedRange<Double>)]] = [
        "noise": [],
        "rain": [("dropletsPerSecond", 12, 0.5 ... 100), ("bedCutoffHz", 1200, 100 ... 10_000),
                 ("dropletLowHz", 2500, 200 ... 12_000), ("dropletHighHz", 5000, 200 ... 12_000)],
        "fan": [("humHz", 120, 20 ... 1000), ("harmonics", 3, 1 ... 8), ("humDecibels", -12, -40 ... 0)],
        "ocean": [("shortestSwellSeconds", 6, 2 ... 30), ("longestSwellSeconds", 12, 2 ... 30), ("troughDecibels", -12, -30 ... -3)],
        "tone": [("hz", 880, 100 ... 8000), ("beeps", 4, 1 ... 16), ("beepSeconds", 0.1, 0.02 ... 5),
                 ("gapSeconds", 0.1, 0 ... 5), ("pauseSeconds", 0.6, 0 ... 60)],
    ]
    static let colors = ["white", "pink", "brown"]

    init(_ node: JSONNode) throws(JSONFieldError) {
        guard let object = node.value as? [String: Any] else { throw node.fail("expected an object { \"type\": … }, not \(node.shown)") }
        guard let typeNode = node.field("type", of: object) else {
            throw JSONFieldError(path: node.path + ".type", message: "required, but missing (\(SoundGeneratorSettings.types.joined(separator: ", ")))")
        }
        let type = try typeNode.string()
        guard let parameters = SoundGeneratorSettings.parameters[type] else {
            throw typeNode.fail("\"\(type)\" is not a generator: use \(SoundGeneratorSettings.types.joined(separator: ", "))")
        }
        let known = ["type"] + (type == "noise" ? ["color"] : parameters.map(\.name))
        _ = try node.object(known: known)
        var v: [String: Double] = [:]
        for p in parameters {
            guard let field = node.field(p.name, of: object) else { v[p.name] = p.fallback; continue }
            let value = p.name == "harmonics" || p.name == "beeps"
                ? Double(try field.wholeNumber(in: Int(p.range.lowerBound)...Int(p.range.upperBound)))
                : try field.number(in: p.range, what: "a number")
            v[p.name] = value
        }
        switch type {
        case "noise":
            guard let colorNode = node.field("color", of: object) else {
                throw JSONFieldError(path: node.path + ".color", message: "required, but missing (white, pink, brown)")
            }
            let color = try colorNode.string()
            guard SoundGeneratorSettings.colors.contains(color) else { throw colorNode.fail("\"\(color)\" is not a noise colour: use white, pink, brown") }
            self = .noise(color: color)
        case "rain":
            if v["dropletLowHz"]! > v["dropletHighHz"]! {
                throw node.field("dropletLowHz", of: object)?.fail("\(JSONNode.plain(v["dropletLowHz"]!)) is above dropletHighHz (\(JSONNode.plain(v["dropletHighHz"]!)))")
                    ?? node.field("dropletHighHz", of: object)!.fail("\(JSONNode.plain(v["dropletHighHz"]!)) is below dropletLowHz (\(JSONNode.plain(v["dropletLowHz"]!)))")
            }
            self = .rain(dropletsPerSecond: v["dropletsPerSecond"]!, bedCutoffHz: v["bedCutoffHz"]!, dropletLowHz: v["dropletLowHz"]!,
                         dropletHighHz: v["dropletHighHz"]!)
        case "fan":
            self = .fan(humHz: v["humHz"]!, harmonics: Int(v["harmonics"]!), humDecibels: v["humDecibels"]!)
        case "ocean":
            if v["shortestSwellSeconds"]! > v["longestSwellSeconds"]! {
                throw node.field("shortestSwellSeconds", of: object)?.fail("\(JSONNode.plain(v["shortestSwellSeconds"]!)) is longer than longestSwellSeconds (\(JSONNode.plain(v["longestSwellSeconds"]!)))")
                    ?? node.field("longestSwellSeconds", of: object)!.fail("\(JSONNode.plain(v["longestSwellSeconds"]!)) is shorter than shortestSwellSeconds (\(JSONNode.plain(v["shortestSwellSeconds"]!)))")
            }
            self = .ocean(shortestSwellSeconds: v["shortestSwellSeconds"]!, longestSwellSeconds: v["longestSwellSeconds"]!,
                          troughDecibels: v["troughDecibels"]!)
        default:
            self = .tone(hz: v["hz"]!, beeps: Int(v["beeps"]!), beepSeconds: v["beepSeconds"]!, gapSeconds: v["gapSeconds"]!,
                         pauseSeconds: v["pauseSeconds"]!)
        }
    }
}
