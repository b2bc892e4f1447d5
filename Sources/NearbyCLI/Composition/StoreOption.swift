import ArgumentParser
import NearbyPostGIS
import NearbyService

/// `--store URL` and `import --to URL`: a PostGIS database, checked when the
/// option is read so that a malformed URL is a usage error (64) naming the
/// option, never a connection attempt.
enum StoreOption {
    static func check(_ text: String, option: String = "--store") throws {
        do { _ = try PostGISStoreURL(text) } catch { throw ValidationError("\(option): \(error.localizedDescription)") }
    }

    /// The place service behind `--store`: it connects on first use, so a
    /// store that cannot be reached is the first command's error (69).
    static func service(_ text: String) throws -> PostGISPlaceService {
        do { return try PostGISPlaceService(url: text) } catch { throw CLIError.usage("--store: \(error.localizedDescription)") }
    }
}
