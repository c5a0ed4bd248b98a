import SheetLayout

/// A setting of a job that a message can name, by the name of the command's long option without
/// its dashes (`section-by`; style keys are named the same): the command spells it as its flag
/// (`--section-by`), the library as the name.
public struct JobSetting: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The setting's name: the long option's, without its dashes.
  public var rawValue: String

  /// The setting named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The layout setting `setting`, by the same name.
  public init(_ setting: LayoutSetting) { rawValue = setting.rawValue }

  /// The setting's name.
  public var description: String { rawValue }

  /// Where the output is written.
  public static let output = JobSetting(rawValue: "output")
  /// How many frames a sheet of a video shows.
  public static let frames = JobSetting(rawValue: "frames")
  /// The time between the frames of a sheet of a video.
  public static let interval = JobSetting(rawValue: "interval")
  /// How many scenes of a video its sheet shows.
  public static let scenes = JobSetting(rawValue: "scenes")
  /// Whether folders are searched with their subfolders.
  public static let recursive = JobSetting(rawValue: "recursive")
  /// Which pages of the document are drawn.
  public static let pages = JobSetting(rawValue: "pages")
  /// Whether a failed image stops the run.
  public static let strict = JobSetting(rawValue: "strict")
  /// The order of the photos.
  public static let sort = JobSetting(rawValue: "sort")
  /// The order sections come in.
  public static let sectionOrder = JobSetting(rawValue: "section-order")
  /// Sections of a proof: by folder or by day taken.
  public static let sectionBy = JobSetting(rawValue: "section-by")
  /// The fewest stars a photo must have.
  public static let minRating = JobSetting(rawValue: "min-rating")
  /// Whether rejected photos are kept.
  public static let includeRejected = JobSetting(rawValue: "include-rejected")
  /// The colour labels kept.
  public static let label = JobSetting(rawValue: "label")
  /// Which of a RAW+JPEG pair is shown.
  public static let rawJPEG = JobSetting(rawValue: "raw-jpeg")
  /// A catalog's column of image files.
  public static let imageColumn = JobSetting(rawValue: "image-column")
  /// A catalog's column of section names.
  public static let sectionColumn = JobSetting(rawValue: "section-column")
  /// A catalog's column of links.
  public static let linkColumn = JobSetting(rawValue: "link-column")
  /// The field holding each picture's alternative text.
  public static let altField = JobSetting(rawValue: "alt-field")
  /// What a CSV catalog is: a plain table, or a shop's product export.
  public static let from = JobSetting(rawValue: "from")
  /// The link of each product of a shop's export.
  public static let linkTemplate = JobSetting(rawValue: "link-template")
  /// The currency of a shop's prices.
  public static let currency = JobSetting(rawValue: "currency")
  /// The text encoding of a CSV catalog.
  public static let encoding = JobSetting(rawValue: "encoding")
  /// The section of catalog rows whose section value is empty.
  public static let textOther = JobSetting(rawValue: "text-other")
  /// The column a catalog's rows are gathered by.
  public static let groupBy = JobSetting(rawValue: "group-by")
  /// The field an index lists.
  public static let index = JobSetting(rawValue: "index")
  /// Whether cards carry a QR code of their link.
  public static let qr = JobSetting(rawValue: "qr")
  /// The side of QR codes.
  public static let qrSize = JobSetting(.qrSize)
  /// Whether a PDF is tagged for screen readers.
  public static let tagged = JobSetting(rawValue: "tagged")
  /// Whether a PDF is written as PDF/X-4.
  public static let pdfx = JobSetting(rawValue: "pdfx")
  /// The fewest pixels per inch a picture in a PDF may print at without a warning.
  public static let minPPI = JobSetting(rawValue: "min-ppi")
  /// The number of columns.
  public static let columns = JobSetting(.columns)
  /// The padding inside cards.
  public static let padding = JobSetting(.padding)
  /// The page size.
  public static let page = JobSetting(.page)
}

/// A message of a job (an input error, a warning, a note): words, with the settings it names
/// kept apart, so that each caller spells them its way.
public typealias JobMessage = SettingMessage<JobSetting>
