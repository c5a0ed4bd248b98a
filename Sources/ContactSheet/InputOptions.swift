/// What goes on the sheet and in which order: the inputs, how they are read, filtered, grouped,
/// sorted and captioned. The command line's input flags become one of these.
public struct InputOptions {
  /// Image files, folders, manifests (`.json`, `.yaml`, `.yml`), CSV catalogs (`.csv`), or `-`
  /// for a list of paths on standard input.
  public var inputs: [String]
  /// Whether folders are searched in their subfolders too.
  public var recursive = false
  /// How CSV catalogs are read (image and section columns, delimiter, link column, grouping).
  public var csv = CSVOptions()
  /// Which file of a RAW+JPEG pair a folder shows.
  public var rawJPEG = RawJPEGChoice.jpeg
  /// The order of images within each section.
  public var sort = SortOrder.input
  /// Whether the order is reversed.
  public var reverse = false
  /// Which photos are kept, by XMP rating and label (rejected photos are left out by default).
  public var filter = RatingFilter.default
  /// Sections by folder or by day taken, if any.
  public var sectionBy: SectionBy?
  /// The caption template for every item without its own, and where it was given (messages
  /// name it): it wins over a manifest's caption.
  public var caption: CaptionChoice?
  /// The template used when neither the items, ``caption`` nor a manifest give one (a preset's).
  public var fallbackCaption: CaptionChoice?
  /// The caption field whose value is each item's index term, if any.
  public var indexField: String?
  /// What follows a caption's `{date}` when it is the file's date, the photo having no capture
  /// date (the `text-file-date` words, in brackets); nil leaves such a date empty.
  public var fileDateMarker: String? = " (file date)"
  /// The field whose value describes each item's picture to a screen reader (a tagged PDF's
  /// alternative text); nil for the first of ``defaultAltFields`` an item has, else its
  /// caption's text.
  public var altField: String?
  /// The fields read as alternative text when ``altField`` is not given: a manifest's `alt`,
  /// a Shopify export's `Image Alt Text`.
  public static let defaultAltFields = ["alt", "Alt", "ALT", "Image Alt Text", "image alt text"]
  /// Whether each video becomes a sheet of its frames (a banner with its facts, then a card per
  /// frame with its time drawn on it), and which frames; nil shows a clip as one card with its
  /// poster frame.
  public var videoFrames: VideoFrameChoice?
  /// Whether the document's language is written right to left (Hebrew, Arabic…): caption
  /// lines without letters then run right to left too.
  public var rightToLeftDocument = false
  /// The order sections come in.
  public var sectionOrder = SectionOrder.input
  /// Whether each caption's template lines are kept apart so they line up across cards (the
  /// row modes; see `CaptionSlots`).
  public var slottedCaptions = false
  /// Where images named by http(s) URL are downloaded, and whether the network may be used.
  public var downloads = DownloadSettings()
  /// Manifests among ``inputs`` already read (by path), so their styles could be applied first;
  /// any other manifest is read when its turn comes.
  package var manifests: [String: Manifest] = [:]

  /// Options reading `inputs` with every default.
  public init(inputs: [String]) {
    self.inputs = inputs
  }
}

/// A caption template and the place it was given, which messages about it name (`--caption`,
/// `preset catalog`).
public struct CaptionChoice: Equatable, Sendable {
  /// The template's text.
  public var text: String
  /// Where it came from.
  public var source: String

  /// The template `text`, given at `source`.
  public init(_ text: String, source: String) {
    self.text = text
    self.source = source
  }
}
