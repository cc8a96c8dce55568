#if canImport(Glibc)
    import Glibc
#endif

// swipefuzz TARGET [FILE-OR-FOLDER ...]
//
// A normal build is the replay driver: it runs TARGET on each file (each file in a folder), so a
// crash libFuzzer found reproduces under the debugger or in a test, and the committed corpora
// stay runnable in every build. A fuzz build (`-sanitize=fuzzer,address -D FUZZING`, see
// scripts/fuzz.sh) runs libFuzzer's driver on the target SWIPEFUZZ_TARGET names, with every
// argument for libFuzzer (FuzzEntry.swift).

let usage =
    "usage: swipefuzz TARGET [FILE-OR-FOLDER ...] (targets: \(FuzzTarget.all.map(\.name).joined(separator: ", ")))\n"
#if FUZZING
    exit(fuzzMain())
#else
    let arguments = CommandLine.arguments
    if arguments.count >= 2 && arguments[1] == "--list" {
        for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
        exit(0)
    }
    guard arguments.count >= 2, let target = FuzzTarget.named(arguments[1]) else {
        printError(usage)
        exit(2)
    }
    exit(Replay.run(target, paths: Array(arguments.dropFirst(2))))
#endif
