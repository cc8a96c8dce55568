#if FUZZING
    #if canImport(Glibc)
        import Glibc
    #endif
    import CFuzzerDriver

    /// The target SWIPEFUZZ_TARGET names, chosen once in `LLVMFuzzerInitialize`.
    nonisolated(unsafe) private var selectedTarget: FuzzTarget?

    /// Runs libFuzzer's driver with this program's arguments. (Whichever `main` the link keeps,
    /// this one or libFuzzer's, the entry points below are the same.)
    func fuzzMain() -> CInt {
        var argc = CInt(CommandLine.argc)
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzerTestOneInput(data, size) }
    }

    /// libFuzzer calls this once before fuzzing: picks the target, or ends with the list.
    @_cdecl("LLVMFuzzerInitialize")
    public func fuzzerInitialize(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
    ) -> CInt {
        let name = getenv("SWIPEFUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget.named(name) else {
            printError(
                "swipefuzz: set SWIPEFUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", ")) (got '\(name)')\n"
            )
            exit(2)
        }
        selectedTarget = target
        return 0
    }

    /// libFuzzer's callback: one input.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        selectedTarget?.run(bytes)
        return 0
    }
#endif
