/// A place mapped as an area, as an update needs it to fold nodes into
/// areas again where a change reaches (`NodeAreaMerge`): its name and main
/// category, the box of its outline, and the node it was folded into, if
/// any (a folded area is no place of its own, so only this remembers it).
public struct AreaPlace: Hashable, Sendable {
    public var id: PlaceID
    public var name: String
    public var category: PlaceCategory
    public var box: BoundingBox
    public var foldedInto: PlaceID?

    public init(id: PlaceID, name: String, category: PlaceCategory, box: BoundingBox, foldedInto: PlaceID? = nil) {
        self.id = id
        self.name = name
        self.category = category
        self.box = box
        self.foldedInto = foldedInto
    }
}
