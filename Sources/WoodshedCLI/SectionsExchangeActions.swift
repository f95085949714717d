import ArgumentParser
import Foundation
import Persistence
import WoodshedCore

/// `export OUT.json`: the sections and their plans, with times also as m:ss.fff. Main thread.
struct SectionsExport: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE export",
                                                    abstract: "Write the sections and their plans to a JSON file (to share, or to import into another copy).")

    @Argument(help: "The file to write (replaced if it exists).") var output: String

    func run(on session: inout SectionsSession) throws -> String {
        let data = session.file.exportData()
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ValidationErrorMessage("can't write '\(output)': \(SectionsExport.reason(error))")
        }
        return "exported \(plural(session.file.sections.count, "section")) to \(output)"
    }

    /// The system's words for a failed write or read.
    static func reason(_ error: any Error) -> String {
        if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(posix.code)))
        }
        return (error as NSError).localizedDescription
    }
}

/// `import IN.json`: sections merged by name (same name: replaced in place; new: added at the
/// end). A file whose sections don't all fit this audio is refused whole. Main thread.
struct SectionsImport: SectionsAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE import",
                                                    abstract: "Merge sections from an exported JSON file: a section with the same name is replaced, others are added.")

    @Argument(help: "A file written by export (or a practice file).") var input: String

    func run(on session: inout SectionsSession) throws -> String {
        guard let data = FileManager.default.contents(atPath: input) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: input, isDirectory: &isFolder)
            throw ValidationErrorMessage("can't read '\(input)': " +
                (!exists ? "No such file or directory" : isFolder.boolValue ? "it is a folder" : "permission denied"))
        }
        let incoming: [Section]
        do {
            incoming = try session.file.importedSections(data: data, source: input)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        let report = try session.edit { (f: inout PracticeFile) throws(SectionEditError) in try f.merge(incoming) }
        var lines: [String] = []
        for (item, s) in zip(report, incoming) {
            lines.append("\(item.replaced ? "replaced" : "added") '\(s.name)': \(session.range(s)); \(s.plan.summary)")
        }
        let added = report.filter { !$0.replaced }.count
        lines.append("imported \(plural(report.count, "section")) from \(input): \(added) added, \(report.count - added) replaced")
        return lines.joined(separator: "\n")
    }
}
