#ifndef NEARBY_CVOCABULARY_H
#define NEARBY_CVOCABULARY_H

#include <stddef.h>

/* Data/vocabulary.tsv, compiled in: the words of nearby's kinds in many
 * languages (Data/README.md). The bytes are the file's, UTF-8, followed by
 * a 0 that nearby_vocabulary_size does not count. */
const unsigned char *_Nonnull nearby_vocabulary_bytes(void);
size_t nearby_vocabulary_size(void);

#endif
