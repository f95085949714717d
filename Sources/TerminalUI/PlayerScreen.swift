/// Lays out the rehearsal player's screen as plain lines: the status line, the file, the
/// section with its progress bar, pass and phase, speed, what comes next, then the message,
/// the JACK line and the keys. Lines that do not fit the height go least important first.
/// Any thread (pure).
public enum PlayerScreen {
    /// Exactly `height` lines, each at most `width` columns.
    public static func lines(for state: PlayerScreenState, width: Int, height: Int) -> [String] {
        let width = max(0, width)
        var blocks = [LayoutBlock(lines: [state.statusText], priority: 100, place: .header)]
        if state.serverLost {
            blocks.append(LayoutBlock(lines: [ScreenLayout.serverLostBanner], priority: 95, place: .header))
        }
        blocks += [
            .spacer(10),
            LayoutBlock(lines: [state.file], priority: 80, place: .body),
            .spacer(11),
            LayoutBlock(lines: [state.section], priority: 90, place: .body),
            LayoutBlock(lines: [progressBar(state.progress, width: width)], priority: 88, place: .body),
            LayoutBlock(lines: ["\(state.pass) · \(state.phase) · \(state.position)"], priority: 89, place: .body),
            .spacer(12),
            LayoutBlock(lines: [state.speed], priority: 86, place: .body),
            LayoutBlock(lines: [state.next], priority: 84, place: .body),
        ]
        blocks += overview(timeline: state.timeline, sections: state.sections, inView: state.sectionInView)
        blocks += footer(message: state.message, server: state.server, keys: state.keys, width: width)
        return stacked(blocks, width: width, height: height)
    }

    /// The timeline and the section list (the player's and shadowing's). On a short terminal the
    /// list scrolls: the rows farthest from the one in view go first, the row in view stays as
    /// long as the section does.
    static func overview(timeline: String, sections: [String], inView: Int) -> [LayoutBlock] {
        guard !timeline.isEmpty || !sections.isEmpty else { return [] }
        var blocks: [LayoutBlock] = [.spacer(13)]
        if !timeline.isEmpty { blocks.append(LayoutBlock(lines: [timeline], priority: 85, place: .body)) }
        for (i, row) in sections.enumerated() {
            let distance = abs(i - inView)
            blocks.append(LayoutBlock(lines: [row], priority: distance == 0 ? 83 : max(69 - distance, 41), place: .body))
        }
        return blocks
    }

    /// The bottom of a live screen: the message, the JACK line, a spacer and the keys.
    static func footer(message: String, server: String, keys: [KeyHelp], width: Int) -> [LayoutBlock] {
        var blocks: [LayoutBlock] = []
        if !message.isEmpty { blocks.append(LayoutBlock(lines: [message], priority: 70, place: .footer)) }
        if !server.isEmpty { blocks.append(LayoutBlock(lines: [server], priority: 50, place: .footer)) }
        let legend = ScreenLayout.keyLegend(keys, width: width)
        if !legend.isEmpty { blocks.append(.spacer(9, .footer)) }
        for (index, line) in legend.enumerated() {
            blocks.append(LayoutBlock(lines: [line], priority: index == 0 ? 55 : 40 - min(index, 20), place: .footer))
        }
        return blocks
    }

    /// Exactly `height` lines of `blocks`, each at most `width` columns.
    static func stacked(_ blocks: [LayoutBlock], width: Int, height: Int) -> [String] {
        let lines = LayoutBlock.stack(blocks, height: height).map { TextColumns.fit($0, width: width) }
        return lines + Array(repeating: "", count: max(0, height - lines.count))
    }

    /// `[██████████░░░░░░░░░░]  52 %` across the width (at most 60 cells of bar).
    public static func progressBar(_ fraction: Double, width: Int) -> String {
        let f = min(1, max(0, fraction.isFinite ? fraction : 0))
        let percent = " \(String(Int((f * 100).rounded(.down))).leftPadded(to: 3)) %"
        let cells = min(60, width - 2 - percent.count)
        guard cells >= 4 else { return percent.trimmingLeadingSpaces }
        let filled = Int((f * Double(cells)).rounded(.down))
        return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled) + "]" + percent
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String { String(repeating: " ", count: max(0, n - count)) + self }
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
