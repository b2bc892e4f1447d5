import NearbyKit

extension OSMImporter.Progress {
    /// The progress line of `import` and `update`.
    var line: String {
        "read \(featuresRead) features, kept \(placesKept) places" + (addressing ? "; deriving their addresses" : "")
    }
}
