#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for a program that keeps its own `main` (declared in libFuzzer's
/// FuzzerInterface.h; defined by the runtime that `-sanitize=fuzzer` links). Only a fuzz build
/// (`-D FUZZING`) calls it, so a normal build links without libFuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
