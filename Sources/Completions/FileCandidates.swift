import Foundation

/// File names for a completion: the entries of the folder the typed prefix names that start
/// with its last part, folders (with a trailing `/`) and files with one of the extensions (any
/// file when none are given). Hidden ones only when the prefix asks for them (`.`). Main
/// thread (it reads a folder).
enum FileCandidates {
    static func matching(_ prefix: String, extensions: [String], currentFolder: String, home: String) -> [String] {
        let typed = ShellWord.unquoted(prefix, home: home)
        let slash = typed.lastIndex(of: "/")
        let folderPart = slash.map { String(typed[...$0]) } ?? ""
        let namePart = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        let folder = folderPart.hasPrefix("/") ? folderPart : currentFolder + "/" + folderPart
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let wanted = Set(extensions.map { $0.lowercased() })
        var out: [String] = []
        for name in entries.sorted() where name.hasPrefix(namePart) && (namePart.hasPrefix(".") || !name.hasPrefix(".")) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                out.append(folderPart + name + "/")
            } else if wanted.isEmpty || wanted.contains((name as NSString).pathExtension.lowercased()) {
                out.append(folderPart + name)
            }
        }
        return out
    }
}
