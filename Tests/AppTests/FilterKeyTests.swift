import App
import Control
import Engine
import RenderGraph
import Testing
import TerminalUI

@Suite("Keys e and v switch --filter and --karaoke in the player; the status line shows them")
struct FilterKeyTests {
    @Test("e/E is .toggleFilter and v/V .toggleKaraoke in play; nothing in click or noise; named filter and karaoke")
    func keys() {
        #expect(KeyMap.player(.char("e")) == .toggleFilter && KeyMap.player(.char("E")) == .toggleFilter)
        #expect(KeyMap.player(.char("v")) == .toggleKaraoke && KeyMap.player(.char("V")) == .toggleKaraoke)
        #expect(KeyMap.click(.char("e"), at: 0) == nil && KeyMap.noise(.char("v")) == nil)
        #expect(Action.toggleFilter.name == "filter" && Action.toggleKaraoke.name == "karaoke")
    }

    @Test("the toggles switch each and say so on the status line; one not given is refused in one line")
    func toggles() {
        let both = FilterToggles(filter: .lowpass(800), karaoke: true)
        #expect(both.statusWords == "lowpass 800 Hz (e: off) · karaoke (v: off)")
        #expect(both.toggle(.toggleFilter) == nil && !both.filterSwitch.isOn && both.karaokeSwitch.isOn)
        #expect(both.statusWords == "filter off (e: on) · karaoke (v: off)")
        #expect(both.toggle(.toggleKaraoke) == nil && !both.karaokeSwitch.isOn)
        #expect(both.statusWords == "filter off (e: on) · karaoke off (v: on)")
        #expect(both.toggle(.toggleFilter) == nil && both.filterSwitch.isOn)
        let none = FilterToggles()
        #expect(none.statusWords == nil)
        #expect(none.toggle(.toggleFilter) == "filter: no --filter in this session")
        #expect(none.toggle(.toggleKaraoke) == "karaoke: no --karaoke in this session")
        #expect(FilterToggles(karaoke: true).statusWords == "karaoke (v: off)")
    }

    @Test("each connection's nodes: the filter checked against the server's rate, both starting as their switches are")
    func nodes() throws {
        let toggles = FilterToggles(filter: .band(low: 200, high: 21000), karaoke: true)
        #expect(throws: FilterError.frequencyOutOfRange(21000, rate: 44100)) { try toggles.filterNode(rate: 44_100) }
        let node = try #require(try toggles.filterNode(rate: 48_000))
        defer { node.deallocate() }
        #expect(node.summary == "band 200–21000 Hz")
        #expect(FilterToggles().karaokeNode(rate: 48_000) == nil)
        let k = try #require(toggles.karaokeNode(rate: 48_000))
        k.deallocate()
    }
}
