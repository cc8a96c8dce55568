import Foundation
import SwipeTestSupport

/// Writes plugin files for a test into a fresh folder.
struct Fixtures {
    let folder: String

    /// A fresh folder; one that cannot be made leaves the path empty, and every plugin the test
    /// writes then fails to load, naming its path.
    init() {
        folder = (try? TestFiles.folderPath("swipehost-plugins")) ?? ""
    }

    /// Writes `source` to `name` in the folder and returns its path.
    func plugin(_ name: String, _ source: String) -> String {
        let path = folder + "/" + name
        try? TestFiles.write(source, to: path)
        return path
    }
}
