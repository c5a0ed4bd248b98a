import ArgumentParser
import ContactSheet

/// `contactsheet compare`: compares files or folders (`compare EXPECTED ACTUAL`, the default),
/// or merges the results of sharded runs (`compare merge A.json B.json`).
struct CompareGroupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare images, PDFs (page by page) or folders of them with golden copies.",
    discussion: """
      `contactsheet compare EXPECTED ACTUAL` compares (see `compare files --help`); \
      `contactsheet compare merge A.json B.json …` combines sharded results.
      """,
    subcommands: [CompareCommand.self, CompareMergeCommand.self],
    defaultSubcommand: CompareCommand.self)
}
