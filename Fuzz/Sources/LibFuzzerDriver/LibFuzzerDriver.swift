/// Starts libFuzzer on a harness.
///
/// SwiftPM links every executable with `--defsym main=<Module>_main` (so
/// tests can link executables), and `-parse-as-library`, which libFuzzer
/// needs, leaves that symbol undefined: the link fails. Each harness defines
/// `<Module>_main` itself and calls this, which hands the command line to
/// libFuzzer's documented entry for programs with their own `main`.
public func runLibFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, testOneInput)
}

// int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
// from libFuzzer's FuzzerInterface.h; every argument is a pointer, passed
// alike by the Swift and C conventions.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
