import Foundation
import NearbyKit
import NearbyViewModels

/// The script that puts a page's map on Leaflet (Scripts/moving-map.js),
/// which the layout loads from `path`.
public enum MovingMapScript {
    public static let path = "/pages/moving-map.js"
    public static let bytes = PackageResources.moving_map_js
}
