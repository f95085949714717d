import ArgumentParser
import Jobs

/// An action on the saved versions of the practice file (`history`, `restore`, `undo`): it
/// works even when the current file does not parse. Main thread.
protocol SectionsHistoryAction: SectionsAction {}
