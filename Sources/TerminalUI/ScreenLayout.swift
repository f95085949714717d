/// Lays out the live metronome screen as plain lines of text. Any thread (pure); the control
/// thread calls it each frame and hands the lines to `Terminal.draw`.
///
/// The first line is always the plain status line (`BPM 120 · 4/4 · bar 3.2 · running`), for
/// screen readers and tests. A terminal of at least 40 × 16 gets the full screen: the tempo in
/// big digits, the bar and beat, a row of tall beat boxes, then transport, sound, server,
/// message and the key legend at the bottom. A smaller one gets the compact screen: the same
/// facts one line each, without big digits. When lines do not fit, the least important go first
/// (spacers, extra legend lines, the server line, the first legend line, …); the status line
/// goes last.
public enum ScreenLayout {
    /// The fewest columns that get the full screen with big digits.
    public static let fullScreenMinimumWidth = 40
    /// The fewest rows that get the full screen with big digits.
    public static let fullScreenMinimumHeight = 16

    /// The banner shown while the JACK server is gone.
    public static let serverLostBanner = "JACK server gone — reconnecting (state kept)"
    /// The banner on terminals too narrow for the whole one.
    public static let shortServerLostBanner = "JACK server gone — reconnecting"

    /// Exactly `height` lines (none when `height` < 1), each at most `width` columns.
    public static func lines(for state: DisplayState, width: Int, height: Int) -> [String] {
        let width = max(0, width)
        let isFull = width >= fullScreenMinimumWidth && height >= fullScreenMinimumHeight
        let blocks = isFull ? fullBlocks(state, width: width) : compactBlocks(state, width: width)
        let lines = LayoutBlock.stack(blocks, height: height).map { TextColumns.fit($0, width: width) }
        return lines + Array(repeating: "", count: max(0, height - lines.count))
    }

    /// The plain status line: `BPM 120 · 4/4 · bar 3.2 · running` (or `stopped`), plus
    /// ` · muted`; the bar part is `count-in.2` during the count-in.
    public static func statusLine(for state: DisplayState) -> String {
        state.statusText
    }

    // MARK: - The two screens

    private static func fullBlocks(_ state: DisplayState, width: Int) -> [LayoutBlock] {
        var blocks = header(state, width: width)
        blocks += [
            .spacer(10),
            LayoutBlock(lines: bigTempo(state.bpm, width: width), priority: 90, place: .body),
            .spacer(12),
            LayoutBlock(lines: [TextColumns.centered(state.positionText, width: width)], priority: 85, place: .body),
            .spacer(11),
            LayoutBlock(lines: beatBoxes(state, width: width, tall: true), priority: 80, place: .body),
        ]
        if let map = state.mapText {
            blocks += [.spacer(13), LayoutBlock(lines: [TextColumns.centered(map, width: width)], priority: 75, place: .body)]
        }
        if let setlist = state.setlist {
            blocks += [.spacer(13), LayoutBlock(lines: [TextColumns.centered(setlist, width: width)], priority: 76, place: .body)]
        }
        blocks += footer(state, width: width, spacer: true)
        return blocks
    }

    private static func compactBlocks(_ state: DisplayState, width: Int) -> [LayoutBlock] {
        var blocks = header(state, width: width)
        blocks += [
            LayoutBlock(lines: beatBoxes(state, width: width, tall: false), priority: 80, place: .body),
            LayoutBlock(lines: [state.positionText], priority: 85, place: .body),
        ]
        if let map = state.mapText {
            blocks.append(LayoutBlock(lines: [map], priority: 75, place: .body))
        }
        if let setlist = state.setlist { blocks.append(LayoutBlock(lines: [setlist], priority: 76, place: .body)) }
        blocks += footer(state, width: width, spacer: false)
        return blocks
    }

    // MARK: - Parts

    private static func header(_ state: DisplayState, width: Int) -> [LayoutBlock] {
        var blocks = [LayoutBlock(lines: [state.statusText], priority: 100, place: .header)]
        if state.serverLost {
            let banner = serverLostBanner.count <= width ? serverLostBanner : shortServerLostBanner
            blocks.append(LayoutBlock(lines: [banner], priority: 95, place: .header))
        }
        return blocks
    }

    private static func footer(_ state: DisplayState, width: Int, spacer: Bool) -> [LayoutBlock] {
        var blocks: [LayoutBlock] = []
        if !state.message.isEmpty {
            blocks.append(LayoutBlock(lines: [state.message], priority: 65, place: .footer))
        }
        blocks.append(LayoutBlock(lines: [state.engineText], priority: 70, place: .footer))
        blocks.append(LayoutBlock(lines: [state.soundText], priority: 60, place: .footer))
        if !state.server.isEmpty {
            blocks.append(LayoutBlock(lines: [state.server], priority: 50, place: .footer))
        }
        let legend = keyLegend(state.keys, width: width)
        if !legend.isEmpty {
            if spacer { blocks.append(.spacer(9, .footer)) }
            for (index, line) in legend.enumerated() {
                blocks.append(LayoutBlock(lines: [line], priority: index == 0 ? 55 : 40 - min(index, 20), place: .footer))
            }
        }
        return blocks
    }

    /// The tempo in big digits with "BPM" beside the bottom row, centred as one block; a
    /// single `120 BPM` line when the big digits do not fit the width.
    static func bigTempo(_ bpm: String, width: Int) -> [String] {
        let digits = BigDigits.render(bpm)
        let digitsWidth = digits.map(TextColumns.count).max() ?? 0
        let label = "  BPM"
        guard digitsWidth + label.count <= width else {
            return [TextColumns.centered("\(bpm) BPM", width: width)]
        }
        let rows = digits.indices.map { row in
            row == digits.count - 1 ? TextColumns.padded(digits[row], to: digitsWidth) + label : digits[row]
        }
        return TextColumns.centered(block: rows, width: width)
    }

    private static func beatBoxes(_ state: DisplayState, width: Int, tall: Bool) -> [String] {
        let rows = BeatIndicator.rows(beat: state.beat, beatsPerBar: state.beatsPerBar, flash: state.flash, width: width, tall: tall)
        return tall ? TextColumns.centered(block: rows, width: width) : rows
    }

    /// The legend packed into lines of at most `width` columns: `space start/stop · q quit`.
    static func keyLegend(_ keys: [KeyHelp], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for entry in keys {
            let item = "\(entry.keys) \(entry.action)"
            if line.isEmpty {
                line = item
            } else if line.count + 3 + item.count <= width {
                line += " · " + item
            } else {
                lines.append(line)
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
