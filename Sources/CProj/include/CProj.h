#ifndef NEARBY_CPROJ_H
#define NEARBY_CPROJ_H

#include <geodesic.h>
#include <proj.h>

/* The PROJ functions nearby calls. libproj is opened on first use instead
 * of by the dynamic loader at start: it and what it links (libcurl, GnuTLS,
 * libtiff: some 40 libraries, GnuTLS initialised) took a third of a one-shot
 * command's time, and most commands measure only short lines, which need no
 * PROJ. Each field has the type proj.h declares, so a call is checked as a
 * direct call would be. */
#define NEARBY_PROJ_FUNCTIONS(X) \
    X(geod_init) \
    X(geod_direct) \
    X(geod_inverse) \
    X(proj_context_create) \
    X(proj_context_destroy) \
    X(proj_context_errno) \
    X(proj_context_errno_string) \
    X(proj_log_level) \
    X(proj_create_crs_to_crs) \
    X(proj_normalize_for_visualization) \
    X(proj_destroy) \
    X(proj_coord) \
    X(proj_trans) \
    X(proj_trans_generic)

typedef struct nearby_proj {
#define NEARBY_PROJ_FIELD(name) __typeof__(&name) _Nonnull name;
    NEARBY_PROJ_FUNCTIONS(NEARBY_PROJ_FIELD)
#undef NEARBY_PROJ_FIELD
} nearby_proj;

/* Opens libproj once (safe from any thread) and returns its functions, or
 * NULL if it cannot be opened; nearby_proj_failure() then says why. */
const nearby_proj *_Nullable nearby_proj_load(void);
const char *_Nonnull nearby_proj_failure(void);

#endif
