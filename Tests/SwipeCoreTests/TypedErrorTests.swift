import Glibc
import SwipeTestSupport
import Testing

@testable import SwipeCore
@testable import SwipeScript

/// Script and file errors keep their facts as values; their text is
/// unchanged.
struct TypedErrorTests {
    func scriptError(_ script: String) -> ScriptError? {
        do {
            _ = try HeadlessRun(fileName: "t.swipe", format: .jsonl).run(script: script)
            return nil
        } catch {
            return error
        }
    }

    @Test func aTableRefusalKeepsTheTablesError() throws {
        let error = try #require(scriptError("wait 10\ntap 40 1\n"))
        expectEqual(error.cause, .table(.noSuchRow(row: 40, rowCount: 30)))
        expectEqual(error.tableError, .noSuchRow(row: 40, rowCount: 30))
        expectEqual(error.line, 2)
        expectEqual(error.description, "t.swipe:2: row 40 does not exist: the table has rows 1-30")
    }

    @Test func aPanWithNoBeginKeepsTheTablesError() throws {
        let error = try #require(scriptError("pan 3 move -20\n"))
        expectEqual(error.cause, .table(.noPanInProgress(row: 3)))
        expectEqual(
            error.description,
            "t.swipe:1: row 3 has no pan in progress: 'pan 3 begin' first (a pan is cancelled when its row leaves the screen)"
        )
    }

    @Test func aBadLineIsASyntaxError() throws {
        let error = try #require(scriptError("swipe 3 -10 -1\n"))
        expectEqual(error.cause, .syntax("MS must be a duration in milliseconds >= 0, got '-1'"))
        expectEqual(error.tableError, nil)
    }

    /// (The parser refuses such a line first; a command built in Swift reaches the runner.)
    @Test func aSwipeTooLongKeepsItsDuration() {
        let runner = ScriptRunner(table: SwipeTable(items: .generated(count: 30)), fileName: "t")
        let line = ScriptLine(number: 4, command: .swipe(row: 3, dx: -10, duration: .milliseconds(60_001 as Int64)))
        #expect {
            try runner.run(line)
        } throws: { error in
            guard let error = error as? ScriptError else { return false }
            return error.cause == .swipeDuration(.milliseconds(60_001 as Int64))
                && error.description == "t:4: a swipe must last from 0 to 60000 ms, got 60001 ms"
        }
    }

    /// Errors made from text and from a cause are equal when they read the same.
    @Test func equalityIsByPlaceAndText() {
        let typed = ScriptError(file: "t", line: 1, cause: .table(.panAlreadyInProgress(row: 2)))
        let text = ScriptError(
            file: "t", line: 1, message: "row 2 is already being panned: end or cancel that pan first")
        expectEqual(typed, text)
        expectEqual(typed.hashValue, text.hashValue)
        #expect(typed != ScriptError(file: "t", line: 2, cause: .table(.panAlreadyInProgress(row: 2))))
    }

    @Test func aMissingFileIsNoSuchFile() {
        #expect {
            _ = try FileReading.bytes(atPath: "/no/such/file.swipe")
        } throws: { error in
            guard let error = error as? FileError else { return false }
            return error.cause == .noSuchFile
                && error.description == "cannot read '/no/such/file.swipe': No such file or directory"
        }
    }

    @Test func aFolderIsADirectory() {
        #expect {
            _ = try FileReading.bytes(atPath: "/tmp")
        } throws: { error in
            guard let error = error as? FileError else { return false }
            return error.cause == .isADirectory && error.description == "cannot read '/tmp': Is a directory"
        }
    }

    @Test func aFileInPlaceOfAFolderIsNotADirectory() {
        #expect {
            _ = try FileReading.bytes(atPath: "/etc/hostname/x")
        } throws: { error in
            guard let error = error as? FileError else { return false }
            return error.cause == .notADirectory
                && error.description == "cannot read '/etc/hostname/x': Not a directory"
        }
    }

    /// (The tests run as root here, which may read anything, so the cause is made directly.)
    @Test func permissionDeniedIsNamed() {
        let error = FileError(path: "secret.lua", cause: FileError.Cause(rawValue: EACCES))
        expectEqual(error.cause, .permissionDenied)
        expectEqual(error.description, "cannot read 'secret.lua': Permission denied")
    }

    @Test func theExecutablePathIsThisProcesssFile() {
        let path = FileReading.executablePath()
        #expect(path.hasPrefix("/"))
        #expect(FileReading.exists(path) && !FileReading.isDirectory(path))
        expectEqual(FileReading.string([CChar(104), CChar(105), 0, CChar(120)]), "hi")
    }
}
