import ArgumentParser
import ContactSheet

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

  @Option(
    help: ArgumentHelp(
      "CSV field delimiter: , ; or tab. Default: detected from the header row.", valueName: "char"))
  var delimiter: String?

  @Option(
    help: ArgumentHelp(
      "CSV text encoding (windows-1252, latin-1, utf-16, shift-jis, … as iconv names them). Default: UTF-8; a file that is plainly Windows-1252 is read as such, with a note.",
      valueName: "name"))
  var encoding: String?

  @Option(
    help: ArgumentHelp(
      "What a CSV catalog is: csv (one item per row), shopify or woocommerce (a product export, one item per product). Default: told by its columns.",
      valueName: "csv|shopify|woocommerce"))
  var from: CSVSource?

  @Option(
    help: ArgumentHelp(
      "Each shop product's link, with its fields put in: https://shop.example/products/{handle}.",
      valueName: "template"))
  var linkTemplate: String?

  @Option(
    help: ArgumentHelp(
      "The currency of a shop export's prices (ISO 4217: EUR, USD, GBP, …), shown as the language writes it (€199.00, 199,00 €).",
      valueName: "code"))
  var currency: String?

  @Option(help: "CSV column that holds each item's link (PDF link and --qr). Default: 'link' or 'url'.")
  var linkColumn: String?

  @Option(
    help: ArgumentHelp(
      "Field (CSV column or manifest key) describing each picture for screen readers in a --tagged PDF. Default: 'alt' or 'Image Alt Text', else the caption.",
      valueName: "field"))
  var altField: String?

  @Option(
    help: ArgumentHelp(
      "Gather CSV rows with equal values of this column, groups in order of first appearance (the sections, unless --section-column names another).",
      valueName: "column"))
  var groupBy: String?

  @Flag(
    help:
      "Use only images already downloaded (kept in the cache folder's downloads/): fetch nothing; an image named by URL that was never downloaded is a placeholder."
  )
  var offline = false

  @Option(help: ArgumentHelp("Order of images within each section: \(SortOrder.help).", valueName: "order"))
  var sort = "input"

  @Flag(help: "Reverse the order.")
  var reverse = false

  @Option(help: StyleKeys.caption.argumentHelp)
  var caption: String?

  @Option(
    help: ArgumentHelp("Keep photos rated N stars or more (XMP rating; unrated counts as 0).", valueName: "n")
  )
  var minRating: Int?

  @Option(
    help: ArgumentHelp(
      "Keep photos with one of these colour labels (XMP label, e.g. red,green; a colour also matches Bridge's names, none matches unlabelled photos).",
      valueName: "labels"))
  var label: String?

  @Flag(help: "Keep photos rated as rejected (XMP rating -1), which are left out by default.")
  var includeRejected = false

  @Option(
    help: ArgumentHelp(
      "Start a section (a banner and a PDF bookmark) for each folder (dir) or each day taken (date).",
      valueName: "dir|date"))
  var sectionBy: String?

  @Option(
    help: ArgumentHelp(
      "Show each video as a sheet of N of its frames, one in the middle of each Nth of the clip, each with its time.",
      valueName: "n"))
  var frames: Int?

  @Option(
    help: ArgumentHelp(
      "Show each video as a sheet of a frame every DURATION (30s, 2m, 1:30, 1h), each with its time.",
      valueName: "duration"))
  var interval: String?

  @Option(
    help: ArgumentHelp(
      "Show each video as a sheet of N frames where its scenes change (its key frames that differ most from the one before), each with its time.",
      valueName: "n"))
  var scenes: Int?

  @Option(
    help: ArgumentHelp(
      "Which file of a RAW+JPEG pair (same name, same folder) a folder shows: jpeg, raw or both.",
      valueName: "choice"))
  var rawJpeg: RawJPEGChoice = .jpeg

  @Option(
    help: ArgumentHelp(
      "A YAML style file with any of these options; flags given here override it.", valueName: "file"))
  var style: String?

  @Option(
    help: ArgumentHelp(
      "A job file: YAML with any of these options, run options (sort, min-rating, section-by, output, …) as well as style keys; flags given here override it.",
      valueName: "file"))
  var job: String?

  @Option(
    help: ArgumentHelp(
      "A built-in style: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "name"))
  var preset: String?

  /// The library's input options these flags give (the caption and index field come with
  /// the style).
  func inputOptions() throws -> InputOptions {
    var options = InputOptions(inputs: inputs)
    options.sort = try SortOrder(parsing: sort)
    options.filter = try RatingFilter(minRating: minRating, labels: label, includeRejected: includeRejected)
    options.sectionBy = try sectionBy.map(SectionBy.init(parsing:))
    options.recursive = recursive
    options.rawJPEG = rawJpeg
    options.csv = try csvOptions()
    options.reverse = reverse
    options.altField = altField
    options.videoFrames = try videoFrames()
    options.downloads.offline = offline
    return options
  }

  /// `--frames N`, `--interval DURATION` or `--scenes N`, checked.
  func videoFrames() throws -> VideoFrameChoice? {
    let given = [
      frames.map { _ in "--frames" }, interval.map { _ in "--interval" }, scenes.map { _ in "--scenes" },
    ]
    .compactMap { $0 }
    guard given.count <= 1 else {
      throw ValidationError("\(given.joined(separator: " and ")) each choose a video's frames: give one")
    }
    func checked(_ count: Int, _ flag: String) throws -> Int {
      guard (1...VideoFrameChoice.maxFrames).contains(count) else {
        throw ValidationError("\(flag) \(count): give 1 to \(VideoFrameChoice.maxFrames)")
      }
      return count
    }
    if let frames { return .count(try checked(frames, "--frames")) }
    if let scenes { return .scenes(try checked(scenes, "--scenes")) }
    if let interval {
      guard let seconds = VideoFrameChoice.seconds(parsing: interval), seconds > 0, seconds.isFinite else {
        throw ValidationError("--interval \(interval): give a duration such as 30s, 2m, 1:30 or 1h")
      }
      return .interval(seconds: seconds)
    }
    return nil
  }

  /// How to read CSV catalogs.
  func csvOptions() throws -> CSVOptions {
    var options = CSVOptions()
    options.imageColumn = imageColumn
    options.sectionColumn = sectionColumn
    if let delimiter {
      guard let scalar = CSVOptions.delimiter(parsing: delimiter) else {
        throw ValidationError("--delimiter \(delimiter): give one character such as , or ; or the word tab")
      }
      options.delimiter = scalar
    }
    options.linkColumn = linkColumn
    options.groupBy = groupBy
    options.encoding = encoding
    options.source = from
    options.linkTemplate = linkTemplate
    if let currency {
      guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        throw ValidationError(
          "--currency \(currency): give a three-letter ISO 4217 code such as EUR, USD or GBP")
      }
      options.prices.currency = currency.uppercased()
    }
    return options
  }
}

/// `--from csv|shopify|woocommerce`.
extension CSVSource: ExpressibleByArgument {}

/// `--raw-jpeg jpeg|raw|both`.
extension RawJPEGChoice: ExpressibleByArgument {}
