import CPhoneNumber

extension Place {
    /// How a phone number is written: for callers in its country (`93 15 48 62`,
    /// `01 42 68 53 00`), for callers anywhere (`+377 93 15 48 62`), or as digits (`+37793154862`).
    public enum PhoneNumberStyle: Int32, Sendable {
        case e164 = 0
        case international = 1
        case national = 2
    }

    /// The place's phone number (the first, where `phone` lists several) in
    /// `style`, by libphonenumber's numbering plans; a number written without
    /// its country code is read as the place's country's. nil when there is
    /// none, it is no valid number, or libphonenumber is not installed.
    public func phoneNumber(_ style: PhoneNumberStyle) -> String? {
        guard let phone, let first = phone.split(separator: ";").first?.trimmed() else { return nil }
        return Self.phoneNumber(String(first), country: address?.countryCode, style: style)
    }

    /// Every number `phone` lists, in E.164: what a search by phone number compares.
    public var phoneNumbersE164: [String] {
        guard let phone else { return [] }
        return phone.split(separator: ";").compactMap {
            Self.phoneNumber(String($0.trimmed()), country: address?.countryCode, style: .e164)
        }
    }

    /// `text`, a number as written, in `style`; without its country code it is read as `country`'s
    /// (ISO 3166-1 alpha-2), and with none, refused. nil when it is no valid number.
    public static func phoneNumber(_ text: String, country: String?, style: PhoneNumberStyle) -> String? {
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        var out = [CChar](repeating: 0, count: 128)
        let length = nearby_phone_format(text, country ?? "", style.rawValue, &out, out.count)
        guard length > 0 else { return nil }
        return String(decoding: out.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
