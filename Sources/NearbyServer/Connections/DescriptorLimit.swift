#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open files. Services are started with a soft limit
/// of 1024 as a rule, far below the hard one; a server that runs out does
/// not fail politely: libdispatch's worker-pool monitor traps (SIGILL) when
/// it cannot open a file. So the server raises the soft limit to the hard
/// one at start, and admits connections only up to a share of it
/// (`ConnectionGate`), keeping the rest for data files, the store and the runtime.
public enum DescriptorLimit {
    /// Raises the soft limit to the hard one where it is lower; the soft limit now in force.
    @discardableResult
    public static func raise() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Connections admitted under `descriptors` open files: three quarters of
    /// what is left after 128 for everything else (672 of 1024, 96 of 256).
    public static func connections(within descriptors: Int) -> Int {
        max(8, (descriptors - 128) * 3 / 4)
    }
}
