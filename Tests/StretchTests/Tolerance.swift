import Stretch

/// How closely each engine keeps a pure tone's pitch. Test threads.
enum Tolerance {
    /// R3 (`.finer`) keeps a steady tone's frequency to within micro-hertz, so 0.01 Hz. R2
    /// (`.faster`) smears a pure tone into sidebands (its phase resets; the `rubberband` tool in
    /// real-time mode does the same), so its heard pitch wanders by up to about 0.4 %: `faster`.
    static func hertz(_ engine: StretchEngine, faster: Double) -> Double {
        engine == .finer ? 0.01 : faster
    }
}
