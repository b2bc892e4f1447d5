import ArgumentParser
import NearbyKit

extension PlaceCategory {
    /// The categories named by repeated `--category` options, shared by
    /// `list` and `feed` so both accept and reject the same names.
    static func set(parsing names: [String]) throws -> Set<PlaceCategory> {
        Set(try names.map { name in
            guard let category = PlaceCategory(userInput: name) else {
                throw ValidationError("unknown category \(name); choose from \(allValueStrings.joined(separator: ", "))")
            }
            return category
        })
    }
}
