import ArgumentParser

/// Options that say what goes on the sheet, shared by `render` and `layout`.
struct InputFlags: ParsableArguments {
  @Argument(
    help: ArgumentHelp(
      "Image files, folders, manifests (.json, .yaml, .yml), CSV catalogs (.csv), or - to read paths from standard input, one per line.",
      valueName: "input"))
  var inputs: [String]

  @Flag(name: .shortAndLong, help: "Look for images in subfolders too.")
  var recursive = false

  @Option(help: "CSV column that holds the image path.")
  var imageColumn = "image"

  @Option(help: "CSV column whose changes start a new section (a banner and a PDF bookmark).")
  var sectionColumn: String?

  @Option(help: ArgumentHelp("Order of images within each section: \(SortOrder.help).", valueName: "order"))
  var sort = "input"

  @Flag(help: "Reverse the order.")
  var reverse = false

  @Option(
    help: ArgumentHelp(
      "Caption template: {name} {stem} {ext} {dir} {index} {width} {height} {megapixels} {filesize} {date} {date:FORMAT} {camera} {lens} {exposure} {aperture} {iso} {focal} {section}, any manifest or CSV field, {field|default} or {field|{other}}; \\n for a new line; Pango markup allowed. Default: {name}, or an item's title.",
      valueName: "template"))
  var caption: String?

  @Option(
    help: ArgumentHelp(
      "A YAML style file with any of these options; flags given here override it.", valueName: "file"))
  var style: String?

  @Option(
    help: ArgumentHelp(
      "A built-in style: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "name"))
  var preset: String?
}
