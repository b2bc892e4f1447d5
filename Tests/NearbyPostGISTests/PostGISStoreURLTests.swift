import NearbyPostGIS
import NearbyService
import Testing

/// `--store` and `--to` URLs: read strictly, printed without the password.
struct PostGISStoreURLTests {
    @Test func readsTheFieldsAndPrintsNoPassword() throws {
        let url = try PostGISStoreURL("postgresql://nearby:s3cret@db.example.org:6432/places?schema=monaco")
        #expect(url.user == "nearby")
        #expect(url.password == "s3cret")
        #expect(url.host == "db.example.org")
        #expect(url.port == 6432)
        #expect(url.database == "places")
        #expect(url.schema == "monaco")
        #expect(url.description == "postgresql://nearby@db.example.org:6432/places?schema=monaco")

        let plain = try PostGISStoreURL("postgres://nearby@127.0.0.1/nearby")
        #expect(plain.port == 5432)
        #expect(plain.schema == "public")
        #expect(plain.password == nil)
        #expect(plain.description == "postgresql://nearby@127.0.0.1:5432/nearby")
        #expect(plain.connectTimeoutSeconds == 5)
        // A keyword is a name like any other: nearby quotes it.
        #expect(try PostGISStoreURL("postgresql://nearby@host/db?schema=user").schema == "user")
    }

    /// libpq's `connect_timeout`, so that one URL serves psql and nearby.
    @Test func takesLibpqsConnectTimeout() throws {
        let url = try PostGISStoreURL("postgresql://nearby@db.example.org/places?connect_timeout=30&sslmode=require")
        #expect(url.connectTimeoutSeconds == 30)
        #expect(url.requiresTLS)
        #expect(url.description == "postgresql://nearby@db.example.org:5432/places?sslmode=require&connect_timeout=30")
        #expect(try PostGISStoreURL(url.description) == url)
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("http://nearby@host/db", "it must start with postgresql:// (postgresql://USER@HOST:PORT/DB)"),
        ("postgresql://host/db", "it names no user (postgresql://USER@HOST:PORT/DB)"),
        ("postgresql://nearby@host", "it names no database (postgresql://USER@HOST:PORT/DB)"),
        ("postgresql://nearby@host:70000/db", "the port must be between 1 and 65535"),
        ("postgresql://nearby@host/db?schema=Bad-Name", "schema must be a lower-case SQL name (letters, digits, _; at most 63)"),
        (
            "postgresql://nearby@host/db?application_name=x",
            "unknown parameter application_name (nearby knows schema, sslmode and connect_timeout)"
        ),
        ("postgresql://nearby@host/db?connect_timeout=0", "connect_timeout must be whole seconds from 1 to 3600"),
        ("postgresql://nearby@host/db?connect_timeout=2.5", "connect_timeout must be whole seconds from 1 to 3600"),
        ("postgresql://nearby@host/db?connect_timeout=3601", "connect_timeout must be whole seconds from 1 to 3600"),
        ("postgresql://nearby@host/db?connect_timeout", "connect_timeout must be whole seconds from 1 to 3600"),
        ("postgresql://nearby@host/db name", "it contains spaces or control characters"),
    ])
    func refusesWithASentence(text: String, reason: String) {
        #expect(throws: NearbyAPIError.invalidStoreURL(text, reason: reason)) { try PostGISStoreURL(text) }
    }

    @Test func aRefusedURLDoesNotShowItsPassword() {
        do {
            _ = try PostGISStoreURL("postgresql://nearby:s3cret@host")
            Issue.record("accepted a URL without a database")
        } catch {
            #expect(!(error.localizedDescription.contains("s3cret")))
            #expect(error.localizedDescription.contains("nearby:***@host"))
        }
    }
}
