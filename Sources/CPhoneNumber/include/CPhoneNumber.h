#ifndef NEARBY_CPHONENUMBER_H
#define NEARBY_CPHONENUMBER_H

#include <stddef.h>

/* Phone numbers through Google's libphonenumber (Debian's libphonenumber8),
 * opened on first use instead of by the dynamic loader at start: it and what
 * it links (protobuf, ICU, Abseil) add some 6 ms to the start of every
 * command, and only the server's Place answers need it. */

#ifdef __cplusplus
extern "C" {
#endif

enum nearby_phone_style {
    NEARBY_PHONE_E164 = 0,
    NEARBY_PHONE_INTERNATIONAL = 1,
    NEARBY_PHONE_NATIONAL = 2,
};

/* Writes `text` (a number as written: "+377 93 15 48 62", or national
 * digits read as `region`'s, an ISO 3166-1 alpha-2 code, NULL or "" for
 * none) in `style` to `out`, NUL-terminated. Returns its length; -1 when
 * it is no valid number or does not fit, -2 when libphonenumber cannot be
 * opened (nearby_phone_failure says why). Safe from any thread. */
long nearby_phone_format(const char *text, const char *region, int style, char *out, size_t capacity);

const char *nearby_phone_failure(void);

#ifdef __cplusplus
}
#endif

#endif
