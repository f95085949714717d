import App
import Remote
import Testing

@Suite("OSC beyond this computer: the no-authentication warning on every mode's screen")
struct RemoteScreenWarningTests {
    @Test("on 127.0.0.1 no warning; on another address the warning, on the screen's last row below the mode's own lines")
    func lastRow() {
        #expect(OSCSurface.warning(listening: OSCPeer(host: "127.0.0.1", port: 9000)!) == nil)
        let warning = OSCSurface.warning(listening: OSCPeer(host: "192.168.1.20", port: 9000)!)
        #expect(warning == "Warning: OSC listens on 192.168.1.20:9000 and has no authentication: anyone who can reach it controls Woodshed")
        // any mode's screen: it fills the rows it is given
        let mode = { (rows: Int) in (1...max(rows, 1)).map { "line \($0)" } }
        #expect(RemoteSurfaces.screen(mode, warning: nil)(3) == ["line 1", "line 2", "line 3"])
        #expect(RemoteSurfaces.screen(mode, warning: warning)(4) == ["line 1", "line 2", "line 3", warning!])
    }
}
