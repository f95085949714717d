import ArgumentParser

/// The section a `woodshed sections FILE` action works on. Main thread.
struct SectionNameArgument: ParsableArguments {
    @Argument(help: "The section's name or number.") var name: String
}
