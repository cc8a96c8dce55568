import Glibc
import SwipeCore
import SwipeScript

/// Snapshot files no test takes any more (orphans): their test was renamed or removed, takes
/// fewer snapshots than it did, or their spec file is gone. Reported after a run, a failure
/// under CI, deleted by `--update-snapshots`.
///
/// A run tells only what it saw. A spec file's snapshot folder (``SnapshotStore/folder(forSpec:)``)
/// is judged when every spec file whose snapshots it holds loaded and ran every one of its tests
/// (the selection, `--filter`, `--tags`, `--shard`..., left none out): a `.snap` file in it that
/// no test asked for is an orphan, but for those of a test that failed or is pending (it may
/// not have reached its snapshots). A folder of `__snapshots__` that the name of no file beside
/// it gives (its spec file removed or renamed) holds orphans only, and is seen in the folders the
/// run searched for specs (not beside a spec file given by name, whose neighbours the run did not
/// look for). Any file counts, a spec by its name or not: one run by name in another run keeps
/// its snapshots.
public enum SnapshotOrphans {
    /// The orphaned snapshot files, sorted, of a run that gave `reports` and searched `folders`
    /// for spec files.
    public static func find(reports: [SpecFileReport], searched folders: [String]) -> [String] {
        // Each snapshot folder to judge (as spelled) and the folder of the specs it could belong to.
        var candidates: [(folder: String, specs: String)] = []
        var seen: Set<String> = []
        func consider(_ folder: String, specs: String) {
            if seen.insert(ScriptHeader.normalized(folder)).inserted { candidates.append((folder, specs)) }
        }
        for report in reports { consider(SnapshotStore.folder(forSpec: report.path), specs: folderOf(report.path)) }
        for folder in folders {
            for (snapshots, specs) in snapshotFolders(under: folder) { consider(snapshots, specs: specs) }
        }
        var orphans: [String] = []
        for (folder, specs) in candidates {
            let key = ScriptHeader.normalized(folder)
            func belongsHere(_ spec: String) -> Bool {
                ScriptHeader.normalized(SnapshotStore.folder(forSpec: spec)) == key
            }
            // Every file that may keep its snapshots here: those beside it, and the specs run.
            var owners = Set(
                FileReading.directoryEntries(specs).map { join(specs, $0) }
                    .filter { belongsHere($0) && !FileReading.isDirectory($0) }.map(ScriptHeader.normalized))
            owners.formUnion(reports.map(\.path).filter(belongsHere).map(ScriptHeader.normalized))
            let files = FileReading.directoryEntries(folder).filter { !$0.hasPrefix(".") && $0.hasSuffix(".snap") }
                .map { join(folder, $0) }.filter { !FileReading.isDirectory($0) }
            if owners.isEmpty {
                orphans += files
                continue
            }
            let runs = reports.filter { owners.contains(ScriptHeader.normalized($0.path)) }
            let wholly = Set(runs.filter(\.ranEveryTest).map { ScriptHeader.normalized($0.path) })
            guard wholly == owners else { continue }
            let checked = Set(runs.flatMap(\.snapshotsChecked).map(ScriptHeader.normalized))
            // A test that failed or is pending may not have reached its snapshots: they stay.
            let unfinished = Set(
                runs.flatMap(\.results).filter { $0.status != .passed }.map { SnapshotStore.fileName(test: $0.name) })
            orphans += files.filter { file in
                !checked.contains(ScriptHeader.normalized(file)) && !unfinished.contains(testName(ofSnapshot: file))
            }
        }
        return orphans.sorted()
    }

    /// Deletes `orphans`, then each snapshot folder (and `__snapshots__`) left empty; returns the
    /// files deleted and a message for each that could not be.
    public static func delete(_ orphans: [String]) -> (deleted: [String], problems: [String]) {
        var deleted: [String] = []
        var problems: [String] = []
        var folders: [String] = []
        for path in orphans {
            if unlink(path) == 0 || errno == ENOENT {
                deleted.append(path)
                let folder = folderOf(path)
                if !folders.contains(folder) { folders.append(folder) }
            } else {
                problems.append(
                    "cannot delete the orphaned snapshot \(DisplayText.escaped(path)): \(String(cString: strerror(errno)))"
                )
            }
        }
        // Only empty folders go (rmdir refuses the others).
        for folder in folders where rmdir(folder) == 0 { rmdir(folderOf(folder)) }
        return (deleted, problems)
    }

    /// The test-name part of a snapshot file's name: `NAME` of `NAME.snap` and `NAME.2.snap`.
    static func testName(ofSnapshot path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return String(name.prefix { $0 != "." })
    }

    /// The `__snapshots__/X` folders under `folder` (recursively, as specs are looked for: hidden
    /// folders and links to folders skipped), each with the folder it stands in.
    static func snapshotFolders(under folder: String) -> [(snapshots: String, specs: String)] {
        var found: [(String, String)] = []
        for entry in FileReading.directoryEntries(folder) where !entry.hasPrefix(".") {
            let path = join(folder, entry)
            guard FileReading.isUnlinkedDirectory(path) else { continue }
            if entry == "__snapshots__" {
                for name in FileReading.directoryEntries(path) where !name.hasPrefix(".") {
                    if FileReading.isUnlinkedDirectory(join(path, name)) { found.append((join(path, name), folder)) }
                }
            } else {
                found += snapshotFolders(under: path)
            }
        }
        return found
    }

    /// `name` in `folder`, spelled as spec discovery spells it (no `./` for the current folder).
    static func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The folder `path` is in (`.` for a bare name).
    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
