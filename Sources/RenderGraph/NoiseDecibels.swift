#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decibels to linear factors, for building generators. Control thread (libm).
enum NoiseDecibels {
    /// 10^(dB/10): a power ratio.
    static func power(_ decibels: Double) -> Double { pow(10, decibels / 10) }
    /// 10^(dB/20): an amplitude ratio.
    static func amplitude(_ decibels: Double) -> Double { pow(10, decibels / 20) }
}
