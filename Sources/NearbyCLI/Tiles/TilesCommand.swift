import ArgumentParser

/// `nearby tiles …`: basemap tiles for the map images.
struct TilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tiles",
        abstract: "Draw basemap tiles from an OpenStreetMap extract.",
        subcommands: [TilesRenderCommand.self]
    )
}
