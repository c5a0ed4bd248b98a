import Foundation

/// Says, in a PDF Cairo wrote, that its RGB is sRGB, for PDF/X-4 (which allows device RGB only
/// when it is colour-managed): each image's `/ColorSpace /DeviceRGB` and each transparency
/// group's `/CS /DeviceRGB` becomes a reference to an ICC-based colour space, written over the
/// old text in place (padded with spaces to its length, so no offset in the file moves and
/// nothing is copied). The content streams' own RGB (text, fills) is tagged by a `DefaultRGB`
/// in the resources of each page and of each form with resources of its own (a form does not
/// inherit its page's), which ``PDFFinisher`` writes.
enum PDFRGBTagging {
  /// The longest object number a reference can have in the space the old text leaves
  /// (`/CS 999999 0 R` is as long as `/CS /DeviceRGB`).
  static let largestID = 999_999

  /// Tags the file at `path` (read by `reader`) with the colour space object `colourSpace`,
  /// and sets its header to PDF 1.6, the version PDF/X-4 asks for. Returns the form XObjects
  /// with resources of their own, which need a `DefaultRGB` of their own. A file of more
  /// objects than ``largestID`` (about 900 pages) keeps its images' and groups' text: the
  /// `DefaultRGB`s say what their RGB is.
  static func tag(path: String, reader: PDFFileReader, colourSpace: Int) throws -> [(
    id: Int, generation: Int
  )] {
    guard let file = FileHandle(forUpdatingAtPath: path) else {
      throw RenderError("cannot finish \(path): \(String(cString: strerror(errno)))")
    }
    defer { try? file.close() }
    let header = try file.read(upToCount: 8) ?? Data()
    guard header.starts(with: Array("%PDF-1.".utf8)) else {
      throw RenderError("cannot finish \(path): it does not start as a PDF")
    }
    try file.seek(toOffset: 0)
    try file.write(contentsOf: Array("%PDF-1.6".utf8))
    let reference = "\(colourSpace) 0 R"
    let patches = colourSpace <= largestID
    var forms: [(id: Int, generation: Int)] = []
    try reader.forEachObjectHead { id, head in
      if case .name("Form")? = head.value["Subtype"], case .dictionary? = head.value["Resources"] {
        forms.append((id, head.generation))
      }
      guard patches else { return }
      var patterns: [String] = []
      if case .name("DeviceRGB")? = head.value["ColorSpace"] { patterns.append("/ColorSpace /DeviceRGB") }
      if case .name("DeviceRGB")? = head.value["Group"]?["CS"] { patterns.append("/CS /DeviceRGB") }
      for pattern in patterns {
        let old = Array(pattern.utf8)
        guard let start = firstIndex(of: old, in: head.bytes[..<head.valueEnd]) else { continue }
        let name = pattern.prefix { $0 != " " }
        var new = Array("\(name) \(reference)".utf8)
        new += [UInt8](repeating: UInt8(ascii: " "), count: old.count - new.count)
        try file.seek(toOffset: head.offset + UInt64(start))
        try file.write(contentsOf: new)
      }
    }
    return forms
  }

  /// Where `needle` first starts in `haystack`.
  private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard let first = needle.first, haystack.count >= needle.count else { return nil }
    var index = haystack.startIndex
    while index <= haystack.endIndex - needle.count {
      if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
        return index
      }
      index += 1
    }
    return nil
  }
}
