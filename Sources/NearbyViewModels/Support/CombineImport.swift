// The Combine API: Apple's where it exists, OpenCombine (with its Dispatch
// schedulers) on Linux. Re-exported so that every module above sees one API.
#if canImport(Combine)
@_exported import Combine
#else
@_exported import OpenCombineShim
#endif
