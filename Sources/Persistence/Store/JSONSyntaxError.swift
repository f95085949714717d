import Foundation

/// Text that is not JSON: where (1-based line and column, when Foundation says) and why. Any thread.
struct JSONSyntaxError: Error, Equatable {
    var line: Int?
    var column: Int?
    var message: String
}

extension JSONSyntaxError {
    /// A file cut short ("unexpected end of file") comes without a place: it is at the end.
    func placedAtEndIfUnplaced(in data: Data) -> JSONSyntaxError {
        guard line == nil else { return self }
        var e = self
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        e.line = lines.count
        e.column = String(decoding: lines.last ?? Data(), as: UTF8.self).count + 1
        return e
    }
}
