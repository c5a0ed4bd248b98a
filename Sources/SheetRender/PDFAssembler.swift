import CQPDF
import Foundation
import SheetImages
import SheetSupport

/// Why parts cannot be joined: not parts, parts of different documents, or pages missing or
/// given twice. The message names the files.
package struct AssemblyError: Error, CustomStringConvertible, Sendable {
  /// What is wrong and what would work.
  package var description: String

  init(_ description: String) { self.description = description }
}

/// Joins PDF parts of one document (each rendered with a page selection) into the whole
/// document, through libqpdf: the parts' pages in document order, then what spans the parts,
/// rebuilt from the facts each part carries (``PDFPart``) rather than copied from any one of
/// them: the outline, every link (a contents page's links to pages in other parts included),
/// page labels and metadata. Written atomically.
///
/// ```swift
/// let pages = try PDFAssembler(parts: ["part-1.pdf", "part-2.pdf"]).assemble(to: "catalog.pdf")
/// ```
package struct PDFAssembler {
  /// The part files, in any order.
  package var parts: [String]

  /// An assembler of `parts`.
  package init(parts: [String]) { self.parts = parts }

  /// Reads the facts a part carries, refusing a file that is not a part.
  package static func facts(of path: String) throws -> PDFPart {
    let qpdf = try QPDFHandle()
    return try read(path, qpdf)
  }

  /// Checks that the parts make one whole document, each page once, and writes it to `path`;
  /// returns the number of pages.
  /// - Throws: ``AssemblyError`` when the parts do not make one document; ``RenderError``
  ///   when a file cannot be read or written.
  package func assemble(to path: String) throws -> Int {
    guard !parts.isEmpty else { throw AssemblyError("no parts were given") }
    let handles = try parts.map { _ in try QPDFHandle() }
    let facts = try zip(parts, handles).map { try Self.read($0, $1) }
    let order = try Self.pageOrder(parts: parts, facts: facts, handles: handles)
    let whole = facts[0]
    let output = AtomicOutput()
    let temporary = output.temporaryPath(for: path)
    do {
      // The parts' pages are copied lazily: every part stays open until the file is written
      // (without this, an optimised build may release them once their last handle is read).
      try withExtendedLifetime(handles) {
        let destination = try QPDFHandle()
        try destination.check(qpdf_empty_pdf(destination.data), "start")
        var heights: [Double] = []
        for (part, filePage) in order {
          let source = handles[part]
          let page = qpdf_get_page_n(source.data, filePage)
          // Links are rebuilt for the whole document below; a part's own point at its pages only.
          qpdf_oh_remove_key(source.data, page, "/Annots")
          try destination.check(qpdf_add_page(destination.data, source.data, page, QPDF_FALSE), "join")
          heights.append(facts[part].pageHeights[filePage])
        }
        let pages = (0..<order.count).map { qpdf_get_page_n(destination.data, $0) }
        let target = PDFTarget(
          qpdf: destination.data, pages: pages, documentPages: Array(0..<order.count), heights: heights)
        target.addLinks(Self.byPage(facts.flatMap(\.links), page: \.page))
        target.setOutline(Self.byPage(facts.flatMap(\.bookmarks), page: \.page))
        if whole.pageLabels { target.setPageLabels(cover: whole.coverLabel) }
        if let language = whole.language { target.setLanguage(language) }
        setInfo(whole.info, producer: Self.producer(handles[0].data), in: destination.data)
        try destination.write(to: temporary, minimumVersion: "1.5")
      }
    } catch {
      output.discard()
      throw error
    }
    try output.commitOrThrowRenderError()
    return order.count
  }

  /// `values` in document page order, keeping the order within a page.
  private static func byPage<Value>(_ values: [Value], page: KeyPath<Value, Int>) -> [Value] {
    values.enumerated().sorted {
      ($0.element[keyPath: page], $0.offset) < ($1.element[keyPath: page], $1.offset)
    }
    .map(\.element)
  }

  /// Opens the part at `path` in `qpdf` and reads its facts.
  private static func read(_ path: String, _ qpdf: QPDFHandle) throws -> PDFPart {
    // Opened here without blocking, as a regular file only (a FIFO or /dev/zero is named,
    // never waited on or read forever); libqpdf then reads that same open file.
    let descriptor: Int32
    do {
      (descriptor, _) = try RegularFile.open(path)
    } catch {
      throw AssemblyError("\(path): \(error.reason)")
    }
    defer { close(descriptor) }
    let opened = "/proc/self/fd/\(descriptor)"
    do {
      try qpdf.check(qpdf_read(qpdf.data, opened, nil), "read")
    } catch let error as RenderError {
      throw AssemblyError("\(path): \(error.description.replacingOccurrences(of: opened, with: path))")
    }
    let stream = qpdf_oh_get_key(qpdf.data, qpdf_get_root(qpdf.data), PDFPart.catalogKey)
    guard qpdf_oh_is_stream(qpdf.data, stream) != 0 else {
      throw AssemblyError(
        "\(path): not a part of a document (render the parts with --pages, e.g. --pages 1-20)")
    }
    // The facts are input too: their stream is read raw and inflated here, bounded by what a
    // part of this many pages can hold, so a stream that inflates to gigabytes costs nothing.
    let pages = Int(qpdf_get_num_pages(qpdf.data))
    guard pages >= 1 else { throw AssemblyError("\(path): the part has no pages") }
    let limit = PDFPart.factsLimit(pages: pages)
    let json = try factsBytes(stream, qpdf, limit: limit, path: path)
    let part: PDFPart
    do {
      part = try PDFPart.decoded(Data(json))
    } catch {
      throw AssemblyError("\(path): the part's facts are not readable (\(error))")
    }
    guard part.format == PDFPart.currentFormat else {
      throw AssemblyError(
        "\(path): a part written by another version of contactsheet (format \(part.format)); render every part with the same version"
      )
    }
    // Facts are input too: counts and values are checked before they size or place anything.
    guard (1...PDFPart.largestPageCount).contains(part.pageCount), pages == part.pages.count,
      pages == part.pageHeights.count, part.pages.allSatisfy({ (0..<part.pageCount).contains($0) })
    else {
      throw AssemblyError("\(path): the part's facts do not match its \(pages) pages (was it edited?)")
    }
    if let problem = part.problem {
      throw AssemblyError("\(path): the part's facts are out of range: \(problem) (was it edited?)")
    }
    return part
  }

  /// The bytes of the facts stream, raw or inflated (the only filter a part may use), refused
  /// past `limit` bytes.
  private static func factsBytes(_ stream: qpdf_oh, _ qpdf: QPDFHandle, limit: Int, path: String) throws
    -> [UInt8]
  {
    let dictionary = qpdf_oh_get_dict(qpdf.data, stream)
    let filter = qpdf_oh_get_key(qpdf.data, dictionary, "/Filter")
    let inflates = qpdf_oh_is_name_and_equals(qpdf.data, filter, "/FlateDecode") != 0
    guard qpdf_oh_is_null(qpdf.data, filter) != 0 || inflates,
      qpdf_oh_is_null(qpdf.data, qpdf_oh_get_key(qpdf.data, dictionary, "/DecodeParms")) != 0
    else {
      throw AssemblyError("\(path): the part's facts are encoded in a way contactsheet does not write")
    }
    var buffer: UnsafeMutablePointer<UInt8>?
    var length = 0
    var filtered: QPDF_BOOL = QPDF_FALSE
    let code = qpdf_oh_get_stream_data(qpdf.data, stream, qpdf_dl_none, &filtered, &buffer, &length)
    defer { free(buffer) }
    guard code == QPDF_SUCCESS, let buffer else {
      throw AssemblyError("\(path): the part's facts cannot be read")
    }
    let raw = UnsafeBufferPointer(start: buffer, count: length)
    let tooLarge = AssemblyError(
      "\(path): the part's facts are larger than a part of its pages holds (\(ByteCount.text(limit)))")
    guard inflates else {
      guard length <= limit else { throw tooLarge }
      return Array(raw)
    }
    guard let inflated = Inflate.zlib(ArraySlice(raw), limit: limit) else {
      throw length > 0 ? tooLarge : AssemblyError("\(path): the part's facts cannot be read")
    }
    return inflated
  }

  /// Each document page's (part, page in the part), in document order, after checking that the
  /// parts are of one document and hold each page once.
  private static func pageOrder(parts: [String], facts: [PDFPart], handles: [QPDFHandle]) throws -> [(
    Int, Int
  )] {
    let first = facts[0]
    for (path, part) in zip(parts, facts)
    where part.document != first.document || part.pageCount != first.pageCount {
      throw AssemblyError(
        "\(path) is a part of another document than \(parts[0]) (rendered from other inputs or options); every part must come from the same command with another --pages"
      )
    }
    var owner: [(Int, Int)?] = Array(repeating: nil, count: first.pageCount)
    for (partIndex, part) in facts.enumerated() {
      for (filePage, page) in part.pages.enumerated() {
        if let (other, _) = owner[page] {
          let place =
            other == partIndex
            ? "twice in \(parts[partIndex])" : "in both \(parts[other]) and \(parts[partIndex])"
          throw AssemblyError("page \(page + 1) is \(place); each page must be in exactly one part")
        }
        owner[page] = (partIndex, filePage)
      }
    }
    let missing = owner.indices.filter { owner[$0] == nil }
    guard missing.isEmpty else {
      throw AssemblyError(
        "\(PageRanges.text(missing.map { $0 + 1 })) of \(first.pageCount) \(missing.count == 1 ? "is" : "are") in none of the parts given; render \(missing.count == 1 ? "it" : "them") with --pages \(PageRanges.text(missing.map { $0 + 1 }, prefix: false)) and assemble again"
      )
    }
    return owner.map { $0! }
  }

  /// The first part's `/Producer` (the PDF library that drew the pages), if any.
  private static func producer(_ qpdf: qpdf_data) -> String? {
    let info = qpdf_oh_get_key(qpdf, qpdf_get_trailer(qpdf), "/Info")
    let producer = qpdf_oh_get_key(qpdf, info, "/Producer")
    guard qpdf_oh_is_string(qpdf, producer) != 0, let text = qpdf_oh_get_utf8_value(qpdf, producer) else {
      return nil
    }
    return String(cString: text)
  }

  /// The document's `/Info`: its metadata, the date as creation and modification date.
  private func setInfo(_ info: PDFPart.Info, producer: String?, in qpdf: qpdf_data) {
    let dictionary = qpdf_make_indirect_object(qpdf, qpdf_oh_new_dictionary(qpdf))
    let fields: [(String, String?)] = [
      ("/Title", info.title), ("/Author", info.author), ("/Subject", info.subject),
      ("/Keywords", info.keywords),
      ("/Creator", info.creator), ("/Producer", producer), ("/CreationDate", info.pdfDate),
      ("/ModDate", info.pdfDate),
    ]
    for case (let key, let value?) in fields {
      qpdf_oh_replace_key(qpdf, dictionary, key, qpdf_oh_new_unicode_string(qpdf, value))
    }
    qpdf_oh_replace_key(qpdf, qpdf_get_trailer(qpdf), "/Info", dictionary)
  }
}

/// Page numbers written as ranges: `1-3, 7` (`pages 1-3, 7` with the prefix).
package enum PageRanges {
  /// `numbers` (ascending) as ranges, after "page"/"pages" when `prefix` is set.
  package static func text(_ numbers: [Int], prefix: Bool = true) -> String {
    var runs: [String] = []
    var start = 0
    while start < numbers.count {
      var end = start
      while end + 1 < numbers.count && numbers[end + 1] == numbers[end] + 1 { end += 1 }
      runs.append(start == end ? "\(numbers[start])" : "\(numbers[start])-\(numbers[end])")
      start = end + 1
    }
    let list = runs.joined(separator: prefix ? ", " : ",")
    guard prefix else { return list }
    return (numbers.count == 1 ? "page " : "pages ") + list
  }
}
