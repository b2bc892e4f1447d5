import Foundation
import Logging
import NearbyService
import PostgresNIO

extension PostGISStoreURL {
    private var tls: (client: PostgresClient.Configuration.TLS, connection: PostgresConnection.Configuration.TLS) {
        guard requiresTLS else { return (.disable, .disable) }
        let context = try? NIOSSLContext(configuration: .makeClientConfiguration())
        return (.require(.makeClientConfiguration()), context.map { .require($0) } ?? .disable)
    }

    /// A pool's configuration: what `PostGISPlaceService` queries through.
    func clientConfiguration() -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls.client)
        configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds))
        // A CLI call makes one or two queries; a server keeps a few warm.
        configuration.options.maximumConnections = 8
        return configuration
    }

    /// One connection, outside any pool: the importer's, and the probe's.
    func connect(logger: Logger = Logger(label: "nearby.postgis", factory: { _ in SwiftLogNoOpLogHandler() })) async throws(NearbyAPIError)
        -> PostgresConnection
    {
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls.connection)
        configuration.options.connectTimeout = .seconds(Int64(connectTimeoutSeconds))
        do {
            return try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        } catch {
            throw StoreFailure.error(error, store: self)
        }
    }

    /// Connects once and hangs up: throws why the store cannot be reached
    /// (refused, unknown database, wrong password), which a pool that
    /// retries in the background never says.
    func probe() async throws(NearbyAPIError) {
        let connection = try await connect()
        try? await connection.close()
    }
}
