import Testing
@testable import WoodshedCore

@Suite("A section's own checks speak without frames (the callers, who know the rate, say where in times)")
struct SectionTests {
    @Test("a section that ends before it starts, or where it starts, is refused without a frame number")
    func backwards() {
        #expect(throws: TimingError.badSection("'A–B' must end after it starts")) { try Section(name: "A–B", start: 240_000, end: 220_500) }
        #expect(throws: TimingError.badSection("'A–B' must end after it starts")) { try Section(name: "A–B", start: 5, end: 5) }
        #expect(TimingError.badSection("'A–B' must end after it starts").description == "section: 'A–B' must end after it starts")
    }
}
