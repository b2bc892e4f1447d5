// The Combine API: Apple's where it exists, OpenCombine (with its Dispatch
// schedulers) on Linux. Re-exported so that every module above sees one API.
// Not OpenCombineShim: that would bring OpenCombineFoundation, and with it
// Foundation's networking and libcurl (see MainScheduler).
#if canImport(Combine)
    @_exported import Combine
#else
    @_exported import OpenCombine
    @_exported import OpenCombineDispatch
#endif
