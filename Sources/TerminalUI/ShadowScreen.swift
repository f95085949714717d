/// Lays out the shadowing screen: the status line; the sentence's text in bold, centred and
/// wrapped; the next sentence dimmed; the phase in capitals with a countdown bar; the timeline
/// and the sentence list as the player shows them; then details, message, JACK line and keys.
/// Any thread (pure).
public enum ShadowScreen {
    public static func lines(for state: ShadowScreenState, width: Int, height: Int) -> [String] {
        let width = max(0, width)
        let textWidth = max(10, min(width - 8, 72))
        let text = wrap(state.text, width: textWidth).map { String(ScreenFrame.bold) + TextColumns.centered($0, width: width) }
        var blocks = [LayoutBlock(lines: [state.statusText], priority: 100, place: .header)]
        if state.serverLost {
            blocks.append(LayoutBlock(lines: [ScreenLayout.serverLostBanner], priority: 95, place: .header))
        }
        blocks += [.spacer(10), LayoutBlock(lines: [TextColumns.centered(state.sentence, width: width)], priority: 80, place: .body),
                   .spacer(12), LayoutBlock(lines: text, priority: 92, place: .body), .spacer(11)]
        if let next = state.next {
            let lines = wrap("next: " + next, width: textWidth).prefix(2).map { String(ScreenFrame.dim) + TextColumns.centered($0, width: width) }
            blocks.append(LayoutBlock(lines: Array(lines), priority: 70, place: .body))
        }
        blocks += [.spacer(13),
                   LayoutBlock(lines: [TextColumns.centered(phaseLine(state, width: width), width: width)], priority: 90, place: .body)]
        blocks += PlayerScreen.overview(timeline: state.timeline, sections: state.sections, inView: state.sectionInView)
        blocks.append(LayoutBlock(lines: [state.details], priority: 60, place: .footer))
        blocks += PlayerScreen.footer(message: state.message, server: state.server, keys: state.keys, width: width)
        return PlayerScreen.stacked(blocks, width: width, height: height)
    }

    /// `YOUR TURN  [██████░░░░░░░░]  1.4 s`: the phase and the time left in it.
    static func phaseLine(_ state: ShadowScreenState, width: Int) -> String {
        let label = state.phase.uppercased()
        guard state.secondsLeft > 0 else { return label }
        let cells = max(4, min(30, width - label.count - 14))
        let f = min(1, max(0, state.fractionLeft.isFinite ? state.fractionLeft : 0))
        let filled = Int((f * Double(cells)).rounded(.up))
        return "\(label)  [" + String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled) + "]  " + PlayerScreen.seconds(state.secondsLeft)
    }

    /// Words packed into lines of at most `width` columns (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let w = String(word.prefix(width))
                if line.isEmpty { line = w } else if line.count + 1 + w.count <= width { line += " " + w } else { lines.append(line); line = w }
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines.isEmpty ? [""] : lines
    }
}

extension PlayerScreen {
    /// `1.4 s`.
    public static func seconds(_ s: Double) -> String {
        let tenths = Int((max(0, s) * 10).rounded(.up))
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
