import Foundation

/// The `NAME.json` files of a built-in folder and of the user's folder, by name; the user's
/// win over a built-in one of the same name. Hidden files (a save in progress) are skipped.
/// Control thread (it reads folders).
enum PresetFolders {
    static func files(builtin: URL?, user: URL) -> [String: (url: URL, isUser: Bool)] {
        var out: [String: (url: URL, isUser: Bool)] = [:]
        for (folder, isUser) in [(builtin, false), (user, true)] {
            guard let folder else { continue }
            let urls = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            for url in urls where url.pathExtension == "json" && !url.lastPathComponent.hasPrefix(".") {
                out[url.deletingPathExtension().lastPathComponent] = (url, isUser)
            }
        }
        return out
    }
}
