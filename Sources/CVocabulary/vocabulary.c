#include "CVocabulary.h"

/* #embed, not the manifest's embedInCode: that writes the file as a Swift
 * array literal, and Swift's type checker took some 90 s of CPU for a 1 MB
 * one; this 2.4 MB file compiles in under a second. #embed is C23, which
 * clang accepts in its default C mode with a warning that says so. */
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char vocabulary[] = {
#embed "../../Data/vocabulary.tsv"
    , 0
};

const unsigned char *nearby_vocabulary_bytes(void) {
    return vocabulary;
}

size_t nearby_vocabulary_size(void) {
    return sizeof vocabulary - 1;
}
