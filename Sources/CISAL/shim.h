#include <isa-l/igzip_lib.h>

/// The working memory igzip needs at `level` (0…3): macros Swift cannot import.
static inline unsigned nearby_isal_level_buffer_size(int level) {
    switch (level) {
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return ISAL_DEF_LVL0_DEFAULT;
    }
}
