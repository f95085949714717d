import App
import Testing

@Suite("The click's setlist: where it starts, and its line on screen")
struct SetlistLineTests {
    @Test("the line: the setlist's title, the song i/N and what comes next; after the last song, none")
    func line() {
        let songs = ["Opener", "Ballad", "Odd"]
        #expect(SetlistLine.text(title: "Friday gig", songs: songs, index: 0) == "Friday gig · song 1/3 Opener · next: Ballad")
        #expect(SetlistLine.text(title: "Friday gig", songs: songs, index: 2) == "Friday gig · song 3/3 Odd · next: — (the last song)")
    }

    @Test("a setlist starts at song 1, or --song N; --song outside the setlist or without one is one line naming it")
    func start() throws {
        #expect(try SetlistLine.startIndex(song: nil, title: "Friday gig", count: 3) == 0)
        #expect(try SetlistLine.startIndex(song: 3, title: "Friday gig", count: 3) == 2)
        #expect(try SetlistLine.startIndex(song: nil, title: nil, count: 0) == nil)
        func refusal(_ song: Int?, _ title: String?, _ count: Int) -> String {
            do { return "\(try SetlistLine.startIndex(song: song, title: title, count: count) as Any)" } catch { return error.description }
        }
        #expect(refusal(4, "Friday gig", 3) == "--song 4 is out of range: setlist 'Friday gig' has 3 songs")
        #expect(refusal(0, "Solo", 1) == "--song 0 is out of range: setlist 'Solo' has 1 song")
        #expect(refusal(2, nil, 0) == "--song 2 needs a setlist: give --setlist FILE")
    }
}
