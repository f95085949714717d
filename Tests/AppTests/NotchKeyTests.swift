import App
import Control
import Engine
import Testing
import TerminalUI

@Suite("Key f switches the notch in the player and noise; the click has no notch")
struct NotchKeyTests {
    @Test("f and F are .toggleNotch in play, shadow, playlist play and noise; nothing in click")
    func keyF() {
        #expect(KeyMap.player(.char("f")) == .toggleNotch && KeyMap.player(.char("F")) == .toggleNotch)
        #expect(KeyMap.noise(.char("f")) == .toggleNotch && KeyMap.noise(.char("F")) == .toggleNotch)
        #expect(KeyMap.click(.char("f"), at: 0) == nil)
        #expect(Action.toggleNotch.name == "notch")
    }
}
