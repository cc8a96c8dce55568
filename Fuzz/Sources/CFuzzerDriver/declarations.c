// CFuzzerDriver only declares libFuzzer's driver entry (see include/CFuzzerDriver.h); SwiftPM
// wants a source file in every C target.
#include "CFuzzerDriver.h"
