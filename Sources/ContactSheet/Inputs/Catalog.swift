import Foundation
import SheetImages
import SheetLayout
import SheetSupport
import SheetXMP

/// Everything the inputs say: entries in reading order and the document's metadata.
package struct Catalog {
  package var entries: [CatalogEntry] = []
  package var title: String?
  package var author: String?
  package var subject: String?
  package var keywords: String?
  /// A caption template from a manifest, used when `--caption` is not given.
  package var captionTemplate: String?
  /// Where `captionTemplate` was written (`catalog.yaml:5:10`), for messages.
  package var captionSource: String?
  /// Warnings about the inputs as a whole (for example, a CSV whose sections are not grouped).
  package var warnings: [JobMessage] = []
  /// Files that inputs name (images and manifests); the output must not overwrite them.
  package var inputFiles: [String] = []
  /// One line per folder scan that left files out, saying what and why.
  package var scanReports: [JobMessage] = []

  package var items: [CatalogItem] {
    entries.compactMap { if case .item(let item) = $0 { item } else { nil } }
  }

  /// Whether any entry is an item.
  package var hasItems: Bool {
    entries.contains { if case .item = $0 { true } else { false } }
  }
}

extension Array {
  /// Hands each element to `body` in order, moved out rather than copied (a million items are
  /// not retained and released once more each), and leaves the array empty, also when `body`
  /// throws. Each slot taken holds `placeholder` until the array is emptied.
  package mutating func moveEach(
    replacingWith placeholder: @autoclosure () -> Element, _ body: (consuming Element) throws -> Void
  ) rethrows {
    defer { removeAll() }
    for index in indices {
      var element = placeholder()
      swap(&element, &self[index])
      try body(element)
    }
  }
}

/// One entry of the catalog, in reading order.
package enum CatalogEntry {
  case item(CatalogItem)
  case banner(BannerContent)
}

/// One picture to place, with what is known about it before rendering.
///
/// A run holds one of these per item (up to ``InputLimits/items``), so it is kept small: what
/// most items lack (a header, a rating, a RAW partner) is boxed, and the origin's text is made
/// only when a message asks for it.
package struct CatalogItem: Sendable {
  /// The image file, as a path the process can open.
  package var path: String
  /// The file the item was declared in, and the line and column there (0 for none).
  private var originFile: String?
  private var originLine: Int32 = 0
  private var originColumn: Int32 = 0
  /// Fields from a manifest or CSV row, available to caption templates.
  package var fields = ItemFields()
  /// An explicit caption template for this item.
  package var caption: String?
  package var section: String?
  package var link: String?
  /// What the picture shows, for a screen reader (from ``InputOptions/altField``); nil to
  /// describe it by its caption.
  package var alt: String?
  private var knownWidth: Int32 = 0
  private var knownHeight: Int32 = 0
  private var headerSlot: HeaderSlot?
  private var proofBox: Box<ProofFacts>?
  private var frameNumber: Int32 = 0

  /// A header read, boxed so items of the same file and their render items share one copy; or
  /// why it could not be read.
  private enum HeaderSlot: Sendable {
    case read(Box<ImageHeader>)
    case failed(Box<ImageError>)
  }

  /// What proofing adds to an item, boxed because most items have none of it.
  private struct ProofFacts: Sendable {
    var partner: String?
    var tags: XMPTags?
    var tagWarning: String?
    var videoTime: Double?
    var sourceURL: String?
  }

  /// An item for the image at `path`, declared at `origin` (as messages print it).
  package init(path: String, origin: String? = nil) {
    self.path = path
    originFile = origin
  }

  /// An item for the image at `path`, declared in `file` at `line` and `column` (0 for none;
  /// `file` alone when the line is 0).
  package init(path: String, file: String, line: Int, column: Int = 0) {
    self.path = path
    originFile = file
    originLine = Int32(clamping: line)
    originColumn = Int32(clamping: column)
  }

  /// Where the item was declared (`catalog.yaml:12:5`, `catalog.csv:12`), for messages; nil
  /// for plain files.
  package var origin: String? {
    guard let originFile, originLine > 0 else { return originFile }
    return originColumn > 0 ? "\(originFile):\(originLine):\(originColumn)" : "\(originFile):\(originLine)"
  }

  /// Pixel size given by the manifest; when set, the file is not opened for layout (each side
  /// at most 1,000,000, as the readers check).
  package var knownSize: (width: Int, height: Int)? {
    get { knownWidth > 0 ? (Int(knownWidth), Int(knownHeight)) : nil }
    set {
      knownWidth = newValue.map { Int32(clamping: $0.width) } ?? 0
      knownHeight = newValue.map { Int32(clamping: $0.height) } ?? 0
    }
  }

  /// The header (size, orientation, EXIF fields, …), or why it could not be read; filled by
  /// `HeaderReader`, which opens each file once for it.
  package var header: Result<ImageHeader, ImageError>? {
    get {
      switch headerSlot {
      case .read(let box): .success(box.value)
      case .failed(let box): .failure(box.value)
      case nil: nil
      }
    }
    set {
      headerSlot = newValue.map {
        switch $0 {
        case .success(let header): .read(Box(header))
        case .failure(let error): .failed(Box(error))
        }
      }
    }
  }

  /// The header read, in the box that items of the same file and their render items share.
  package var sharedHeader: Box<ImageHeader>? {
    get { if case .read(let box) = headerSlot { box } else { nil } }
    set { headerSlot = newValue.map { .read($0) } }
  }

  /// The other file of a RAW+JPEG pair this item stands for (its XMP sidecar applies too).
  package var partner: String? {
    get { proofBox?.value.partner }
    set { changeProof { $0.partner = newValue } }
  }

  /// The rating, colour label and descriptive fields from XMP and IPTC (sidecars, then the
  /// embedded packet, then IPTC-IIM); filled by `HeaderReader`. Nil when the photo has none.
  package var tags: XMPTags? {
    get { proofBox?.value.tags }
    set { changeProof { $0.tags = newValue.flatMap { $0.isEmpty ? nil : $0 } } }
  }

  /// Why a sidecar of this photo was ignored, if one was.
  package var tagWarning: String? {
    get { proofBox?.value.tagWarning }
    set { changeProof { $0.tagWarning = newValue } }
  }

  /// On a sheet of one video, the time of the frame this card shows (seconds from the clip's
  /// start); nil for a photo, or a clip shown by its poster.
  package var videoTime: Double? {
    get { proofBox?.value.videoTime }
    set { changeProof { $0.videoTime = newValue } }
  }

  /// The http(s) URL the image was downloaded from, when it was (``path`` is then the
  /// downloaded file, or the URL itself when the download failed).
  package var sourceURL: String? {
    get { proofBox?.value.sourceURL }
    set { changeProof { $0.sourceURL = newValue } }
  }

  /// The photo's number among the sheet's photos from the same folder, in name order, counted
  /// before any filter (as a film proof numbers its frames).
  package var frame: Int? {
    get { frameNumber > 0 ? Int(frameNumber) : nil }
    set { frameNumber = newValue.map { Int32(clamping: $0) } ?? 0 }
  }

  private mutating func changeProof(_ change: (inout ProofFacts) -> Void) {
    var facts = proofBox?.value ?? ProofFacts()
    change(&facts)
    let isEmpty =
      facts.partner == nil && facts.tags == nil && facts.tagWarning == nil && facts.videoTime == nil
    proofBox = isEmpty ? nil : Box(facts)
  }

  /// The upright pixel size for layout: the manifest's, else the header's, else 4:3 for a
  /// placeholder card.
  package var layoutSize: (width: Int, height: Int) {
    if let knownSize { return knownSize }
    if case .success(let header) = header { return (header.width, header.height) }
    return (4, 3)
  }

  /// The EXIF fields from the header, when it was read.
  package var exif: ExifFields? {
    if case .success(let header) = header { return header.exif }
    return nil
  }

  /// A video clip's facts (duration, frame rate, codec); nil for a photo or an unread file.
  package var video: VideoDetails? {
    if case .success(let header) = header { return header.video }
    return nil
  }

  /// Why the image cannot be shown, if it cannot.
  package var failure: ImageError? {
    if case .failure(let error) = header { return error }
    return nil
  }
}

/// An item's fields (manifest keys or CSV columns and their values), packed into one buffer of
/// UTF-8 bytes: a dictionary of three short fields costs about 200 bytes of heap, this about 60.
/// Names are unique; lookups walk the buffer, which is short.
package struct ItemFields: Sendable {
  /// Each field as the length of its name, the name, the length of its value, the value;
  /// lengths as LEB128 numbers.
  private var bytes: ContiguousArray<UInt8> = []

  /// No fields.
  package init() {}

  /// The fields of `dictionary`.
  package init(_ dictionary: [String: String]) {
    guard !dictionary.isEmpty else { return }
    var capacity = 0
    for (name, value) in dictionary { capacity += name.utf8.count + value.utf8.count + 4 }
    bytes.reserveCapacity(capacity)
    for (name, value) in dictionary {
      append(name)
      append(value)
    }
  }

  /// The fields named `names[column]` with the values `values[column]`, for each of `columns`
  /// (whose names must be distinct).
  package init(names: [String], values: [String], columns: some Collection<Int>) {
    var capacity = 0
    for column in columns { capacity += Self.storedSize(names[column]) + Self.storedSize(values[column]) }
    bytes.reserveCapacity(capacity)
    for column in columns {
      append(names[column])
      append(values[column])
    }
  }

  /// Makes room for `bytes` more bytes of fields (``storedSize(_:)`` of each name and value),
  /// so that adding them allocates once and exactly (a million items hold their fields).
  package mutating func reserveCapacity(_ bytes: Int) {
    self.bytes.reserveCapacity(self.bytes.count + bytes)
  }

  /// The bytes `text` takes as a field's name or value: its length, then its UTF-8 bytes.
  package static func storedSize(_ text: String) -> Int {
    var length = text.utf8.count
    var size = length + 1
    while length >= 0x80 {
      length >>= 7
      size += 1
    }
    return size
  }

  /// Adds the field `name` with the value `value`; `name` must not be among the fields yet.
  package mutating func add(_ name: String, _ value: String) {
    append(name)
    append(value)
  }

  /// Adds the field `name` whose value `markup` is caption markup, shown as written (a shop's
  /// description converted from HTML); `name` must not be among the fields yet.
  package mutating func add(_ name: String, markup: String) {
    append(Self.markupMark + name)
    append(markup)
  }

  /// Before the stored name of a field whose value is markup: a control character no column
  /// or key name begins with in practice (one that did would be found as plain text first).
  private static let markupMark = "\u{1}"

  /// The value of the field `name` and whether it is markup; nil when there is no such field.
  package func text(_ name: String) -> (text: String, isMarkup: Bool)? {
    if let plain = self[name] { return (plain, false) }
    return self[Self.markupMark + name].map { ($0, true) }
  }

  private mutating func append(_ text: String) {
    var length = text.utf8.count
    while length >= 0x80 {
      bytes.append(UInt8(length & 0x7F) | 0x80)
      length >>= 7
    }
    bytes.append(UInt8(length))
    bytes.append(contentsOf: text.utf8)
  }

  /// Whether there are no fields.
  package var isEmpty: Bool { bytes.isEmpty }

  /// The value of the field `name`, nil when there is none.
  package subscript(name: String) -> String? {
    var name = name
    return name.withUTF8 { wanted in
      bytes.withUnsafeBufferPointer { buffer -> String? in
        var offset = 0
        while offset < buffer.count {
          let nameRange = Self.range(at: &offset, in: buffer)
          let valueRange = Self.range(at: &offset, in: buffer)
          if nameRange.count == wanted.count
            && UnsafeBufferPointer(rebasing: buffer[nameRange]).elementsEqual(wanted)
          {
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[valueRange]), as: UTF8.self)
          }
        }
        return nil
      }
    }
  }

  /// The field names, in no particular order.
  package var names: [String] {
    bytes.withUnsafeBufferPointer { buffer in
      var names: [String] = []
      var offset = 0
      while offset < buffer.count {
        let nameRange = Self.range(at: &offset, in: buffer)
        _ = Self.range(at: &offset, in: buffer)
        names.append(Self.plainName(UnsafeBufferPointer(rebasing: buffer[nameRange])))
      }
      return names
    }
  }

  /// Whether `other` has the same field names, in the same order (items of one catalog
  /// mostly do, so their names are gathered once).
  package func hasSameNames(as other: ItemFields) -> Bool {
    bytes.withUnsafeBufferPointer { mine in
      other.bytes.withUnsafeBufferPointer { theirs in
        var (offset, otherOffset) = (0, 0)
        while offset < mine.count && otherOffset < theirs.count {
          let name = Self.range(at: &offset, in: mine)
          _ = Self.range(at: &offset, in: mine)
          let otherName = Self.range(at: &otherOffset, in: theirs)
          _ = Self.range(at: &otherOffset, in: theirs)
          guard
            UnsafeBufferPointer(rebasing: mine[name]).elementsEqual(
              UnsafeBufferPointer(rebasing: theirs[otherName]))
          else { return false }
        }
        return offset == mine.count && otherOffset == theirs.count
      }
    }
  }

  /// Adds the field names to `set`.
  package func insertNames(into set: inout Set<String>) {
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        let nameRange = Self.range(at: &offset, in: buffer)
        _ = Self.range(at: &offset, in: buffer)
        set.insert(Self.plainName(UnsafeBufferPointer(rebasing: buffer[nameRange])))
      }
    }
  }

  /// A stored name as templates name it (without the mark of a markup field).
  private static func plainName(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let name = String(decoding: bytes, as: UTF8.self)
    return name.hasPrefix(markupMark) ? String(name.dropFirst()) : name
  }

  /// The fields as a dictionary (markup fields' values as written).
  package var dictionary: [String: String] {
    Dictionary(uniqueKeysWithValues: names.map { ($0, text($0)!.text) })
  }

  /// The range of the text whose length is at `offset`; moves `offset` past it.
  private static func range(at offset: inout Int, in buffer: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    var length = 0
    var shift = 0
    while true {
      let byte = buffer[offset]
      offset += 1
      length |= Int(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    let start = offset
    offset += length
    return start..<offset
  }
}
