import Control
import Engine
import RenderGraph

/// `--filter` and `--karaoke` in a live session: what was asked, each one's switch (keys e and
/// v, the actions `filter` and `karaoke`), the nodes each connection's graph gets, and the
/// words the player's status line shows. Control thread (the switches are read by the render
/// thread through the nodes).
public struct FilterToggles {
    /// `--filter`, if given.
    public var filter: FilterChoice?
    /// `--karaoke` was given.
    public var karaoke = false
    public let filterSwitch = NotchSwitch()
    public let karaokeSwitch = NotchSwitch()

    public init(filter: FilterChoice? = nil, karaoke: Bool = false) {
        self.filter = filter
        self.karaoke = karaoke
    }

    /// The `--filter` node for a connection at `rate` (its corners checked against it), if any.
    public func filterNode(rate: Int) throws -> FilterNode? {
        guard let filter else { return nil }
        try filter.check(rate: rate)
        return FilterNode.allocate(filter, rate: rate, toggle: filterSwitch)
    }

    /// The `--karaoke` node for a connection at `rate`, if asked for.
    public func karaokeNode(rate: Int) -> FilterNode? {
        karaoke ? FilterNode.karaoke(rate: rate, toggle: karaokeSwitch) : nil
    }

    /// Switches the filter (`.toggleFilter`) or the karaoke (`.toggleKaraoke`); the line to say
    /// when the session has none: "filter: no --filter in this session".
    public func toggle(_ action: Action) -> String? {
        switch action {
        case .toggleFilter where filter != nil: filterSwitch.toggle()
        case .toggleKaraoke where karaoke: karaokeSwitch.toggle()
        case .toggleFilter, .toggleKaraoke: return "\(action.name): no --\(action.name) in this session"
        default: break
        }
        return nil
    }

    /// The status line's words: "lowpass 800 Hz (e: off) · karaoke (v: off)", "filter off (e: on)"; nil: neither given.
    public var statusWords: String? {
        var words: [String] = []
        if let filter { words.append(filterSwitch.isOn ? "\(filter.summary) (e: off)" : "filter off (e: on)") }
        if karaoke { words.append(karaokeSwitch.isOn ? "karaoke (v: off)" : "karaoke off (v: on)") }
        return words.isEmpty ? nil : words.joined(separator: " · ")
    }
}
