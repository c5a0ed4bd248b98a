import ArgumentParser

/// The `contactsheet` command: turns folders of photos, or catalog data, into contact sheets.
public struct ContactSheetCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "contactsheet",
    abstract: "Turn folders of photos, or catalog data, into print-ready contact sheets.",
    discussion: """
      Exit status: 0 success (warnings allowed), 1 some inputs failed under --strict,
      2 usage error or unusable input, 3 the output could not be written.
      """,
    subcommands: [RenderCommand.self, LayoutCommand.self],
    defaultSubcommand: nil)

  public init() {}
}
