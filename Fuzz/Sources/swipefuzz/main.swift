#if canImport(Glibc)
import Glibc
#endif
#if FUZZING
import CFuzzerDriver
#endif

// swipefuzz TARGET [FILE-OR-FOLDER ...]
//
// A normal build is the replay driver: it runs TARGET on each file (each file in a folder), so a
// crash libFuzzer found reproduces under the debugger or in a test, and the committed corpora
// stay runnable in every build. A fuzz build (`-sanitize=fuzzer,address -D FUZZING`, see
// scripts/fuzz.sh) hands the remaining arguments to libFuzzer instead.

let usage = "usage: swipefuzz TARGET [FILE-OR-FOLDER ...] (targets: \(FuzzTarget.all.map(\.name).joined(separator: ", ")))\n"
var arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.named(arguments[1]) else {
    if arguments.count >= 2 && arguments[1] == "--list" {
        for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
        exit(0)
    }
    printError(usage)
    exit(2)
}
arguments.remove(at: 1)
selectedTarget = target

#if FUZZING
var argc = CInt(arguments.count)
var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
let status = cArguments.withUnsafeMutableBufferPointer { buffer in
    var argv = buffer.baseAddress
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        selectedTarget.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }
}
exit(status)
#else
exit(Replay.run(target, paths: Array(arguments.dropFirst())))
#endif
