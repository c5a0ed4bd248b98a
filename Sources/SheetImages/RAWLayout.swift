/// The layout of a TIFF-based camera RAW (DNG, CR2, NEF, ARW, PEF…), checked before LibRaw reads
/// it. LibRaw trusts what the file's directories say: a directory that names a picture's height
/// twice made it write past a buffer while unpacking the preview (heap corruption). So every
/// directory LibRaw uses for pictures (IFD 0, the chain after it, their SubIFDs at any depth,
/// Fuji's and Panasonic's private directories) is walked here first, with checked arithmetic,
/// and:
/// - a first directory outside the file, a directory naming a picture field twice (under any
///   of the tags LibRaw reads it from), values beyond the file, or more directories than any
///   camera writes refuse the file;
/// - a directory LibRaw itself skips (more than 512 entries, or past the end of the file) is
///   skipped here too;
/// - a preview whose bytes lie outside the file is not used (the raw data is decoded instead);
/// - raw data running past the end of the file is left to LibRaw, which reads what is there
///   and reports the rest as damage (a card copy cut short still shows what it holds).
struct RAWLayout {
  /// Whether LibRaw may unpack the embedded preview: false when a preview's bytes lie outside
  /// the file.
  var previewInFile = true

  /// At most this many directories are followed (cameras write fewer than 10).
  static let maxDirectories = 64
  /// Directories of more entries are skipped, as LibRaw skips them (cameras write about 100).
  static let maxEntries = 512
  /// At most this many values of one entry are read (LibRaw ignores 16,384 strips or more).
  static let maxValues = 16_384

  /// Tags LibRaw reads as the same field as a picture tag: camera makers' own tags for the
  /// size, samples and preview place, which it takes wherever they appear.
  private static let aliases: [UInt16: UInt16] = [
    0xF001: 0x0100, 0xF002: 0x0101, 0xF003: 0x0102, 0xF007: 0x0201, 0xF008: 0x0202,
  ]
  /// Panasonic's size tags, which LibRaw reads as width and height in a directory holding tag 1.
  private static let panasonicAliases: [UInt16: UInt16] = [0x0002: 0x0100, 0x0003: 0x0101]
  /// Tags whose value is a directory LibRaw parses for pictures: SubIFDs, Fuji's RAF
  /// directory, Panasonic's camera directory.
  private static let directoryTags: [UInt16] = [0x014A, 0xF000, 0x0120]

  /// Picture tags that may appear once per directory: size, samples, compression, strips,
  /// tiles, SubIFDs and the JPEG preview's place.
  private static let pictureTags: [UInt16: String] = [
    0x00FE: "NewSubfileType", 0x0100: "ImageWidth", 0x0101: "ImageLength", 0x0102: "BitsPerSample",
    0x0103: "Compression", 0x0106: "PhotometricInterpretation", 0x0111: "StripOffsets",
    0x0115: "SamplesPerPixel", 0x0116: "RowsPerStrip", 0x0117: "StripByteCounts", 0x0142: "TileWidth",
    0x0143: "TileLength", 0x0144: "TileOffsets", 0x0145: "TileByteCounts", 0x014A: "SubIFDs",
    0x0201: "JPEGInterchangeFormat", 0x0202: "JPEGInterchangeFormatLength",
  ]

  /// Why a layout is refused.
  struct Refusal: Error, Equatable {
    /// A sentence saying what is wrong, for the placeholder's warning.
    var reason: String
  }

  /// Checks the file of `size` bytes whose bytes `read(offset, count)` returns (fewer at the
  /// end of the file). A file that is not TIFF-based (CR3, RAF, ORF, RW2) is not checked.
  static func check(size: Int, read: (Int, Int) throws -> [UInt8]) throws -> RAWLayout {
    let start = try read(0, 8)
    guard start.count == 8 else { return RAWLayout() }
    let order: ByteOrder
    switch (start[0], start[1], start[2], start[3]) {
    case (0x49, 0x49, 0x2A, 0x00): order = .little
    case (0x4D, 0x4D, 0x00, 0x2A): order = .big
    default: return RAWLayout()
    }
    return try withoutActuallyEscaping(read) { read in
      var walk = Walk(size: size, order: order, read: read)
      try walk.directory(at: order.value(start, 4, bytes: 4), depth: 0)
      return RAWLayout(previewInFile: walk.previewInFile)
    }
  }

  enum ByteOrder {
    case little, big

    func value(_ bytes: [UInt8], _ at: Int, bytes count: Int) -> Int {
      var value = 0
      for index in 0..<count {
        let byte = Int(bytes[at + (self == .little ? count - 1 - index : index)])
        value = value << 8 | byte
      }
      return value
    }
  }

  /// One walk over the directories, counting them and remembering the preview's state.
  private struct Walk {
    let size: Int
    let order: ByteOrder
    let read: (Int, Int) throws -> [UInt8]
    var visited: Set<Int> = []
    var previewInFile = true

    /// Checks the directory at `offset`, the directories it points to and (at depth 0) the
    /// chain after it.
    mutating func directory(at first: Int, depth: Int) throws {
      var offset = first
      while offset != 0 {
        guard visited.insert(offset).inserted else { return }  // a loop: LibRaw stops too
        guard visited.count <= RAWLayout.maxDirectories else {
          throw Refusal(reason: "camera RAW has more than \(RAWLayout.maxDirectories) image directories")
        }
        guard let entries = try self.entries(at: offset, isFirst: visited.count == 1) else { return }
        try checkSizes(entries, at: offset)
        checkPlaces(entries, isFirst: visited.count == 1)
        if !isSonyA100(entries) {
          for tag in RAWLayout.directoryTags {
            guard let entry = entries[tag] else { continue }
            for sub in try values(entry) where sub != 0 { try directory(at: sub, depth: depth + 1) }
          }
        }
        guard depth == 0 else { return }
        offset = try next(after: offset, entryCount: entries.count)
      }
    }

    /// Sony's DSLR-A100 names its raw data, not a directory, in SubIFDs (LibRaw knows).
    private func isSonyA100(_ entries: [UInt16: Entry]) -> Bool {
      guard let model = entries[0x0110], model.type == 2, (10...64).contains(model.count),
        let width = entries[0x0100].flatMap({ try? values($0).first }), width == 3872
      else { return false }
      let at = model.count <= 4 ? nil : order.value(model.field, 0, bytes: 4)
      let bytes = at.map { (try? read($0, model.count)) ?? [] } ?? model.field
      return bytes.starts(with: Array("DSLR-A100".utf8))
    }

    /// The entries of the directory at `offset`, keyed by tag (aliases read as the tag LibRaw
    /// takes them for); a repeated picture field refuses. Nil for a directory LibRaw skips:
    /// past the end of the file or of more than ``RAWLayout/maxEntries`` entries (the file's
    /// first directory outside the file refuses it).
    private func entries(at offset: Int, isFirst: Bool) throws -> [UInt16: Entry]? {
      let head = try read(offset, 2)
      guard offset >= 8, head.count == 2 else {
        guard !isFirst else {
          throw Refusal(reason: "camera RAW names an image directory at byte \(offset), outside the file")
        }
        return nil
      }
      let count = order.value(head, 0, bytes: 2)
      guard count <= RAWLayout.maxEntries else { return nil }
      let bytes = try read(offset + 2, count * 12)
      guard bytes.count == count * 12 else { return nil }
      var raw: [(tag: UInt16, entry: Entry)] = []
      for index in 0..<count {
        let at = index * 12
        raw.append(
          (
            UInt16(order.value(bytes, at, bytes: 2)),
            Entry(
              type: order.value(bytes, at + 2, bytes: 2), count: order.value(bytes, at + 4, bytes: 4),
              field: Array(bytes[at + 8..<at + 12]))
          ))
      }
      let panasonic = raw.contains { $0.tag == 0x0001 }
      var entries: [UInt16: Entry] = [:]
      var seen: [UInt16: Int] = [:]
      for (tag, entry) in raw {
        let field = RAWLayout.aliases[tag] ?? (panasonic ? RAWLayout.panasonicAliases[tag] : nil) ?? tag
        seen[field, default: 0] += 1
        if entries[field] == nil || field == tag { entries[field] = entry }
      }
      for (tag, name) in RAWLayout.pictureTags.sorted(by: { $0.key < $1.key }) where seen[tag, default: 0] > 1
      {
        throw Refusal(reason: "camera RAW's image directory at byte \(offset) names \(name) more than once")
      }
      return entries
    }

    /// Refuses a picture tag whose values would take more bytes than the file holds.
    private func checkSizes(_ entries: [UInt16: Entry], at offset: Int) throws {
      for (tag, entry) in entries where RAWLayout.pictureTags[tag] != nil {
        guard let bytes = entry.byteCount, bytes <= size else {
          throw Refusal(
            reason:
              "camera RAW's image directory at byte \(offset) gives \(RAWLayout.pictureTags[tag]!) more values than the file holds"
          )
        }
      }
    }

    /// Marks the preview as unusable when a JPEG preview, or the strips or tiles of a
    /// reduced-resolution directory (NewSubfileType 1) or of the file's first directory (a
    /// CR2's preview), lie outside the file.
    private mutating func checkPlaces(_ entries: [UInt16: Entry], isFirst: Bool) {
      let isPreview = isFirst || (entries[0x00FE].flatMap { try? values($0).first } ?? 0) & 1 == 1
      var places: [(offsets: Entry, counts: Entry)] = []
      if let offsets = entries[0x0201], let counts = entries[0x0202] { places.append((offsets, counts)) }
      if isPreview, let offsets = entries[0x0111], let counts = entries[0x0117] {
        places.append((offsets, counts))
      }
      if isPreview, let offsets = entries[0x0144], let counts = entries[0x0145] {
        places.append((offsets, counts))
      }
      for place in places where !inFile(place) { previewInFile = false }
    }

    private func inFile(_ place: (offsets: Entry, counts: Entry)) -> Bool {
      guard let offsets = try? values(place.offsets), let counts = try? values(place.counts),
        offsets.count == counts.count
      else { return false }
      for (offset, count) in zip(offsets, counts) {
        let (end, overflow) = offset.addingReportingOverflow(count)
        if overflow || end > size { return false }
      }
      return true
    }

    /// The entry's values as integers (BYTE, SHORT, LONG or IFD), read from the field or from
    /// the place it points to; none for more than ``RAWLayout/maxValues`` values.
    func values(_ entry: Entry) throws -> [Int] {
      guard let width = entry.valueWidth, let byteCount = entry.byteCount, entry.count <= RAWLayout.maxValues
      else {
        return []
      }
      let bytes: [UInt8]
      if byteCount <= 4 {
        bytes = entry.field
      } else {
        let at = order.value(entry.field, 0, bytes: 4)
        bytes = try read(at, byteCount)
        guard bytes.count == byteCount else {
          throw Refusal(reason: "camera RAW's image directory points past the end of the file (byte \(at))")
        }
      }
      return (0..<entry.count).map { order.value(bytes, $0 * width, bytes: width) }
    }

    private func next(after offset: Int, entryCount: Int) throws -> Int {
      let bytes = try read(offset + 2 + entryCount * 12, 4)
      return bytes.count == 4 ? order.value(bytes, 0, bytes: 4) : 0
    }
  }

  /// One directory entry: its type, value count and the four bytes of its value field.
  struct Entry {
    var type: Int
    var count: Int
    var field: [UInt8]

    /// The width of one value for the integer types pictures use (BYTE, SHORT, LONG, IFD).
    var valueWidth: Int? {
      switch type {
      case 1, 7: 1
      case 3: 2
      case 4, 13: 4
      default: nil
      }
    }

    /// The bytes the values take (any type), or nil for an unknown type or an overflow.
    var byteCount: Int? {
      let widths = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]
      guard let width = widths[type] else { return nil }
      let (bytes, overflow) = count.multipliedReportingOverflow(by: width)
      return overflow ? nil : bytes
    }
  }
}
