import Alarms
import RenderGraph
import Testing

@Suite("The alarm bell on the render path")
struct AlarmBellTests {
    @Test("a ring starts on its exact frame at a tenth of its volume, rises over 30 s, and fades out over 10 ms after a stop")
    func exactStart() {
        let rate = 48_000
        let bell = AlarmBell(rate: rate)
        let loop = AlarmSound(name: "beep", source: .beep).loop(rate: rate)
        #expect(loop.count == 67_200)
        let number = bell.load(loop)!
        let left = UnsafeMutablePointer<Float>.allocate(capacity: 256), right = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { left.deallocate(); right.deallocate() }
        func cycle() -> [Float] {
            left.update(repeating: 0, count: 256)
            right.update(repeating: 0, count: 256)
            bell.mix(frames: 256, left: left, right: right)
            return Array(UnsafeBufferPointer(start: left, count: 256))
        }
        #expect(cycle().allSatisfy { $0 == 0 })
        bell.ring(sound: number, atFrame: 300, volume: 0.8)
        let second = cycle()
        #expect(second[0..<44].allSatisfy { $0 == 0 })
        #expect(second[44] == loop[0] * (Float(0.8) * AlarmBell.firstGain))
        #expect(second[44] != 0)
        #expect(second[45] == loop[1] * (Float(0.8) * (AlarmBell.firstGain + (1 - AlarmBell.firstGain) * Float(1) / Float(1_440_000))))
        #expect(bell.framesPlayed == 512)
        bell.stop(atFrame: 530)
        let third = cycle(), fourth = cycle()
        // Frame 530 is k = 230 of the ring, faded by 479/480; frame 1009 (the fade's last) and after are silent.
        let k230 = Float(0.8) * (AlarmBell.firstGain + (1 - AlarmBell.firstGain) * Float(230) / Float(1_440_000))
        #expect(third[530 - 512] == loop[230] * (k230 * (Float(479) / Float(480))))
        #expect(fourth[0..<(1009 - 768)].contains { $0 != 0 })
        #expect(fourth[(1009 - 768)...].allSatisfy { $0 == 0 })
        #expect(cycle().allSatisfy { $0 == 0 })
    }
}
