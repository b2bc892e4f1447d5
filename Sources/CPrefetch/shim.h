/* A hint that `address` will be read soon, so that the load starts now and
 * several cache misses overlap instead of following one another. Swift
 * cannot say this itself. */
static inline void nearby_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}
