import Jobs
import Testing

/// "Did you mean …?": the closest known name to a mistyped one.
@Suite("ClosestName: a mistyped name and the one meant")
struct ClosestNameTests {
    @Test("a swap of neighbours is one edit; two edits at most; a unique start; nothing close is nil")
    func closest() {
        #expect(ClosestName.distance("shwo", "show") == 1)
        #expect(ClosestName.distance("", "abc") == 3)
        #expect(ClosestName.closest(to: "shwo", in: ["list", "show"]) == "show")
        #expect(ClosestName.closest(to: "nuge", in: ["move", "nudge", "set"]) == "nudge")
        #expect(ClosestName.closest(to: "hist", in: ["history", "import", "move"]) == "history")
        #expect(ClosestName.closest(to: "zzzzzz", in: ["list", "show"]) == nil)
        #expect(ClosestName.list(["a", "b", "c"]) == "a, b or c")
        #expect(ClosestName.list(["a"]) == "a")
    }

    @Test("a mistyped sections action: the closest action, or the actions to pick from in their order")
    func sectionsAction() {
        let actions = ["list", "add", "rm", "rename"]
        #expect(SectionsActionWords.unknown("ad", actions: actions).description
                == "unknown action 'ad' for 'woodshed sections FILE'; did you mean 'add'?")
        #expect(SectionsActionWords.unknown("renmae", actions: actions).description
                == "unknown action 'renmae' for 'woodshed sections FILE'; did you mean 'rename'?")
        #expect(SectionsActionWords.unknown("zzzzzz", actions: actions).description == "unknown action 'zzzzzz': use list, add, rm or rename")
    }
}
