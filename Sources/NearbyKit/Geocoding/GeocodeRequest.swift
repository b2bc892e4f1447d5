/// A forward geocoding question as Google's Geocoding API asks one: the
/// text (`address=`), the parts that restrict or weigh (`components=`), the
/// caller's bias and language; or an element of the address data by its id (`place_id=`).
public struct GeocodeRequest: Hashable, Sendable {
    /// Google's `components=`: `country` and `postal_code` restrict,
    /// `route`, `locality` and `administrative_area` weigh (their words are
    /// asked for as if typed).
    public struct Components: Hashable, Sendable {
        public var countries: [String] = []
        public var postalCode: String?
        public var route: String?
        public var locality: String?
        public var administrativeArea: String?

        public init(
            countries: [String] = [], postalCode: String? = nil, route: String? = nil, locality: String? = nil,
            administrativeArea: String? = nil
        ) {
            self.countries = countries
            self.postalCode = postalCode
            self.route = route
            self.locality = locality
            self.administrativeArea = administrativeArea
        }

        public var isEmpty: Bool { self == Components() }

        /// The words `route`, `locality` and `administrative_area` add to the question.
        var words: [String] { [route, locality, administrativeArea].compactMap { $0 }.flatMap(SearchWords.of) }
    }

    /// What the caller leans to: of equally good answers, the one inside
    /// `bounds`, in the country of `region` (an ISO 3166-1 code), nearest
    /// `position`.
    public struct Bias: Hashable, Sendable {
        public var position: Coordinate?
        public var bounds: BoundingBox?
        public var region: String?

        public init(position: Coordinate? = nil, bounds: BoundingBox? = nil, region: String? = nil) {
            self.position = position
            self.bounds = bounds
            self.region = region
        }
    }

    public var text: String?
    public var components: Components
    public var bias: Bias
    public var language: String?
    public var limit: Int
    /// The text is being typed (autocomplete): its last word may be the start
    /// of a word, and answers to any word it begins ("Triesenb" → Triesenberg).
    /// Google's Geocoding API has no such question, so it is not sent over HTTP.
    public var lastWordIsTyped = false
    /// Not a question in words but the street, address point, area or
    /// `place=*` node with this OpenStreetMap id (`w94399442`): what a
    /// forward answer's or a prediction's `place_id` names, read back.
    public var element: PlaceID?

    public static let defaultLimit = 10

    public init(
        text: String?, components: Components = Components(), bias: Bias = Bias(), language: String? = nil,
        limit: Int = defaultLimit
    ) {
        self.text = text
        self.components = components
        self.bias = bias
        self.language = language
        self.limit = limit
    }

    /// The element with this id (`element`), its address in `language`.
    public static func element(_ id: PlaceID, language: String?) -> GeocodeRequest {
        var request = GeocodeRequest(text: nil, language: language)
        request.element = id
        return request
    }

    /// The text read (`Question.read`); components alone are a question of their own.
    public func question() throws(QuestionError) -> Question {
        guard let text, !text.trimmed().isEmpty || components.isEmpty else { return Question() }
        return try Question.read(text)
    }
}
