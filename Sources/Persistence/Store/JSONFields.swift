import Foundation
import WoodshedCore

// Decoding helpers for hand-written JSON: exact numbers, whole numbers, unknown fields.

extension Tempo {
    /// Exact, for JSON: 97 500 milli-BPM is 97.5.
    var decimal: Decimal { Decimal(milliBPM) / 1000 }
}

extension Decoder {
    func rejectUnknownKeys<K: CodingKey & CaseIterable>(_ known: K.Type) throws {
        let names = K.allCases.map(\.stringValue)
        for key in try container(keyedBy: AnyKey.self).allKeys where !names.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [key], debugDescription:
                "not a known field; the fields here are " + names.joined(separator: ", ")))
        }
    }
}

extension KeyedDecodingContainer {
    /// An integer written as a JSON number; `2.5` is an error, not 2.
    func wholeNumber(_ key: Key) throws -> Int {
        let value = try decode(Decimal.self, forKey: key)
        var rounded = Decimal(), copy = value
        NSDecimalRound(&rounded, &copy, 0, .plain)
        guard rounded == value, abs(value) <= 1_000_000_000 else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription:
                "expected a whole number, not \(value)")
        }
        return NSDecimalNumber(decimal: value).intValue
    }

    func wholeNumberIfPresent(_ key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try wholeNumber(key)
    }

    /// A tempo in BPM, exact to a thousandth: the JSON number is read as a decimal, not a Double.
    func tempo(_ key: Key) throws -> Tempo {
        let value = try decode(Decimal.self, forKey: key)
        do throws(TimingError) {
            guard value >= 0 else { throw TimingError.tempoOutOfRange("\(value)") }
            return try Tempo(parsing: "\(value)")
        } catch {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: error.description)
        }
    }
}
