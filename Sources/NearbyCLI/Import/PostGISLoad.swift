import Foundation
import NearbyKit
import NearbyPostGIS
import NearbyService

/// `nearby import EXTRACT --to postgresql://…`: the imported places loaded
/// into a PostGIS store (`PostGISImporter`) with the extract, kept for
/// `nearby update`, with a progress line on a terminal and one summary line
/// at the end.
enum PostGISLoad {
    static func load(_ dataset: PlacesDataset, extract: URL, to text: String, summary: String) async throws {
        let url: PostGISStoreURL
        do { url = try PostGISStoreURL(text) } catch { throw CLIError.usage("--to: \(error.localizedDescription)") }
        let start = ContinuousClock.now
        do {
            try await PostGISImporter(url: url).load(dataset, extract: extract) { progress in
                switch progress.stage {
                case .copying:
                    StandardError.progress("copied \(progress.placesWritten) of \(progress.placeCount) places into \(url)")
                case .elements:
                    StandardError.progress("keeping the extract's elements in \(url), for updates in place")
                default:
                    StandardError.progress("\(progress.stage.rawValue) \(progress.placeCount) places in \(url)")
                }
            }
        } catch {
            StandardError.endProgress()
            throw CLIError(error)
        }
        StandardError.endProgress()
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        StandardError.line("nearby: loaded \(dataset.places.count) places into \(url) in \(String(format: "%.1f", seconds)) s: \(summary)")
    }
}
