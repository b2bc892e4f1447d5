#include "CProj.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* The run-time name of the library proj.h belongs to (every PROJ 9 release
 * keeps this soname), then the development link, which names whichever
 * PROJ the headers came from. */
static const char *const names[] = {
#if PROJ_VERSION_MAJOR == 9
    "libproj.so.25",
#endif
    "libproj.so",
};

static nearby_proj functions;
static char failure[512] = "not loaded";
static const nearby_proj *loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
#define NEARBY_PROJ_RESOLVE(name)                                                     \
    if ((functions.name = (__typeof__(&name))dlsym(library, #name)) == NULL) {        \
        snprintf(failure, sizeof failure, "libproj has no function %s", #name);       \
        return;                                                                       \
    }
    NEARBY_PROJ_FUNCTIONS(NEARBY_PROJ_RESOLVE)
#undef NEARBY_PROJ_RESOLVE
    loaded = &functions;
}

const nearby_proj *nearby_proj_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *nearby_proj_failure(void) {
    return failure;
}
