/// A field that is wrong: where (a JSON path, "" for the whole file) and why. Any thread.
struct JSONFieldError: Error, Equatable {
    var path: String
    var message: String
}
