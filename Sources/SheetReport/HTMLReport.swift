import Foundation
import SheetCompare
import SheetDiff
import SheetImages
import SheetSupport

/// The review page for a comparison: one static `index.html` with its images beside it in
/// `images/`, no external assets, working from `file://` offline.
///
/// A summary with filters (failed, missing, extra, passed); per case the expected, actual and
/// diff images side by side, a slider (swipe), onion skin, blink, the diff overlay on and off,
/// and zoom to each changed region; keyboard: `j`/`k` (or ↓/↑) move between cases, `1`–`5`
/// pick a view, `d` toggles the overlay, `z` zooms to the next region, `0` zooms out.
public struct HTMLReport {
  /// The page's title.
  public var title: String

  /// A report titled `title`.
  public init(title: String = "ContactSheet comparison") { self.title = title }

  /// Writes `DIR/index.html` and `DIR/images/` for `summary`. Images the results name outside
  /// `DIR` are copied in (never linked), so the folder can be moved or archived as a CI
  /// artifact. Each is read below its root (``ConfinedFolder``: no `..`, no symbolic link,
  /// regular PNG, JPEG or WebP files only). An image that no longer exists (a shard's folder
  /// deleted before `compare merge`) is shown as gone on the page and returned, so the caller
  /// can say so; one that is refused is left out and returned with the reason. The page is
  /// written last, atomically.
  ///
  /// - Parameters:
  ///   - summary: The comparison's results.
  ///   - folder: The review page's folder.
  ///   - trustsRoots: Whether the summary's folders were named by the person running this
  ///     (`compare --html`); when not (`compare merge` of results from elsewhere), images are
  ///     read only from plain relative folders below the working folder.
  /// - Returns: The images that do not exist and those refused, in the order met.
  /// - Throws: ``CopyFailure`` when an image exists but cannot be copied in; `CocoaError`
  ///   when the folder or the page cannot be written.
  @discardableResult
  public func write(_ summary: ComparisonSummary, to folder: String, trustsRoots: Bool = true) throws
    -> Images
  {
    let root = URL(fileURLWithPath: AtomicOutput.absolute(folder))
    let images = root.appendingPathComponent("images")
    try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
    var assets = Assets(root: root, images: try ConfinedFolder(images.path), trustsRoots: trustsRoots)
    var sections: [String] = []
    var passed: [String] = []
    for (index, result) in summary.cases.enumerated() {
      if result.status == .matched {
        passed.append(
          "<li class=\"case matched\" data-status=\"passed\" id=\"case-\(index)\" tabindex=\"-1\">"
            + "<span class=\"badge matched\">matched</span> \(Markup.escape(TerminalText.escaped(result.name)))</li>"
        )
      } else {
        sections.append(try section(result, roots: summary.roots(of: result), index: index, assets: &assets))
      }
    }
    let counts = Dictionary(summary.counts.map { ($0.status, $0.count) }, uniquingKeysWith: +)
    let failed = (counts[.different] ?? 0) + (counts[.error] ?? 0)
    let filterCounts: [(key: String, count: Int)] = [
      ("failed", failed), ("missing", counts[.missing] ?? 0), ("extra", counts[.extra] ?? 0),
      ("passed", counts[.matched] ?? 0),
    ]
    let filters = filterCounts.map { filter -> String in
      let checked = filter.key == "passed" ? "" : " checked"
      return
        "<label class=\"filter \(filter.key)\"><input type=\"checkbox\" data-filter=\"\(filter.key)\"\(checked)> "
        + "\(filter.key) <b>\(filter.count)</b></label>"
    }
    let page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Markup.escape(title))</title>
      <style>\(Self.style)</style>
      </head>
      <body>
      <header id="summary">
      <h1>\(Markup.escape(title))</h1>
      <p class="tally" id="tally">\(Markup.escape(summary.tally))</p>
      <p class="meta">expected <code>\(Markup.escape(summary.expected))</code> · actual <code>\(Markup.escape(summary.actual))</code> · \(Markup.escape(summary.budget))</p>
      <nav class="filters" aria-label="filters">\(filters.joined())</nav>
      <p class="keys">Keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous case · <kbd>1</kbd> side by side <kbd>2</kbd> slider <kbd>3</kbd> onion skin <kbd>4</kbd> blink <kbd>5</kbd> diff · <kbd>d</kbd> diff overlay · <kbd>z</kbd> zoom to next change <kbd>0</kbd> whole image</p>
      </header>
      <main id="cases">
      \(sections.joined(separator: "\n"))
      <ul class="passed-list">\(passed.joined())</ul>
      </main>
      <script>\(Self.script)</script>
      </body>
      </html>

      """
    try Data(page.utf8).write(to: root.appendingPathComponent("index.html"), options: .atomic)
    return Images(gone: assets.gone, refused: assets.refused)
  }

  /// The images the results name that are not on the page.
  public struct Images: Sendable {
    /// Images that do not exist (moved or deleted since the comparison).
    public var gone: [String] = []
    /// Images not read, each with the reason: a link, not an image, outside its folder.
    public var refused: [String] = []

    /// No image gone or refused, or the lists given.
    public init(gone: [String] = [], refused: [String] = []) {
      self.gone = gone
      self.refused = refused
    }
  }

  /// An image of the results that exists but could not be copied into the review folder.
  public struct CopyFailure: Error, CustomStringConvertible {
    /// The image the results name.
    public var source: String
    /// Why it could not be copied, from the file system.
    public var reason: String
    /// "cannot copy SOURCE into the review page's folder: REASON".
    public var description: String { "cannot copy \(source) into the review page's folder: \(reason)" }
  }

  /// One failing case: its heading and message, and a viewer per page that has images.
  private func section(_ result: CaseResult, roots: ComparedRoots, index: Int, assets: inout Assets) throws
    -> String
  {
    let filter =
      switch result.status {
      case .missing: "missing"
      case .extra: "extra"
      case .matched: "passed"
      case .different, .error: "failed"
      }
    var html =
      "<section class=\"case \(result.status.rawValue)\" data-status=\"\(filter)\" id=\"case-\(index)\" tabindex=\"-1\">\n"
    html +=
      "<h2><span class=\"badge \(result.status.rawValue)\">\(result.status.rawValue)</span> \(Markup.escape(TerminalText.escaped(result.name)))</h2>\n"
    if let changes = result.environmentChanges {
      html +=
        "<p class=\"message\">environment changed since the golden was recorded: "
        + Markup.escape(changes.joined(separator: "; ")) + "</p>\n"
    }
    if let message = result.message {
      html += "<p class=\"message\">\(Markup.escape(TerminalText.escaped(message)))</p>\n"
    }
    if let settings = result.settings {
      html += "<p class=\"detail\">settings: \(Markup.escape(settings.description))</p>\n"
    }
    let isImage = !(result.expectedPath ?? result.actualPath ?? "").lowercased().hasSuffix(".pdf")
    let goneBefore = assets.gone.count
    let refusedBefore = assets.refused.count
    let expectedImage = isImage ? result.expectedPath.map { (roots.golden, $0) } : nil
    let actualImage = isImage ? result.actualPath.map { (roots.actual, $0) } : nil
    if result.pages.isEmpty || result.status == .missing || result.status == .extra {
      let expected = try expectedImage.flatMap { try assets.add($0.1, in: $0.0, as: "\(index)-expected") }
      let actual = try actualImage.flatMap { try assets.add($0.1, in: $0.0, as: "\(index)-actual") }
      if expected != nil || actual != nil {
        html += viewer(expected: expected, actual: actual, diff: nil, comparison: nil, id: "\(index)")
      }
    }
    for page in result.pages where page.status != .matched {
      if result.pages.count > 1 {
        html +=
          "<h3>page \(page.page) <span class=\"badge \(page.status.rawValue)\">\(page.status.rawValue)</span></h3>\n"
      }
      if let detail = page.detail { html += "<p class=\"detail\">\(Markup.escape(detail))</p>\n" }
      for change in page.textChanges ?? [] {
        html += "<p class=\"detail text-change\">text: \(Markup.escape(change.readable))</p>\n"
      }
      let id = "\(index)-\(page.page)"
      func diffRooted(_ file: String?) -> (String, String)? {
        guard let file, let diffs = roots.diffs else { return nil }
        return (diffs, file)
      }
      let expected = try (diffRooted(page.expectedFile) ?? expectedImage).flatMap {
        try assets.add($0.1, in: $0.0, as: "\(id)-expected")
      }
      let actual = try (diffRooted(page.actualFile) ?? actualImage).flatMap {
        try assets.add($0.1, in: $0.0, as: "\(id)-actual")
      }
      let diff = try diffRooted(page.diffFile).flatMap { try assets.add($0.1, in: $0.0, as: "\(id)-diff") }
      guard expected != nil || actual != nil else { continue }
      html += viewer(expected: expected, actual: actual, diff: diff, comparison: page.comparison, id: id)
    }
    if assets.gone.count > goneBefore {
      html +=
        "<p class=\"message\">images not found (moved or deleted since the comparison): "
        + Markup.escape(TerminalText.escaped(assets.gone[goneBefore...].joined(separator: ", "))) + "</p>\n"
    }
    if assets.refused.count > refusedBefore {
      html +=
        "<p class=\"message\">images not shown: "
        + Markup.escape(TerminalText.escaped(assets.refused[refusedBefore...].joined(separator: "; ")))
        + "</p>\n"
    }
    return html + "</section>"
  }

  /// The image viewer: mode buttons, region buttons, and a stage holding the layers.
  private func viewer(
    expected: String?, actual: String?, diff: String?, comparison: ImageComparison?, id: String
  ) -> String {
    let size = comparison?.expectedSize
    let sizeAttributes = size.map { " data-width=\"\($0.width)\" data-height=\"\($0.height)\"" } ?? ""
    let modes = ["side", "slider", "onion", "blink", "diff"].enumerated().map { number, mode in
      let label = ["side by side", "slider", "onion skin", "blink", "diff"][number]
      let disabled = (mode != "side" && (expected == nil || actual == nil)) || (mode == "diff" && diff == nil)
      return
        "<button type=\"button\" data-mode=\"\(mode)\"\(disabled ? " disabled" : "")>\(number + 1) \(label)</button>"
    }
    let regions = (comparison?.regions ?? []).enumerated().map { number, region in
      "<button type=\"button\" class=\"region\" data-x=\"\(region.x)\" data-y=\"\(region.y)\" "
        + "data-w=\"\(region.width)\" data-h=\"\(region.height)\">\(Markup.escape(region.readable))</button>"
    }
    func image(_ source: String?, _ role: String, _ label: String) -> String {
      guard let source else {
        return "<figure class=\"\(role) empty\"><figcaption>no \(label) image</figcaption></figure>"
      }
      return
        "<figure class=\"\(role)\"><img src=\"\(Markup.escape(source))\" alt=\"\(label)\"><figcaption>\(label)</figcaption></figure>"
    }
    var html =
      "<div class=\"viewer\" data-mode=\"side\" id=\"viewer-\(id)\"\(sizeAttributes)>\n<div class=\"toolbar\">"
    html += "<span class=\"modes\">\(modes.joined())</span>"
    html +=
      "<label class=\"overlay\"><input type=\"checkbox\" class=\"overlay-toggle\"\(diff == nil ? " disabled" : "")> diff overlay</label>"
    html +=
      "<input type=\"range\" class=\"amount\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"slider position or opacity\">"
    html += "</div>\n"
    if !regions.isEmpty {
      html +=
        "<div class=\"regions\">zoom to: \(regions.joined()) <button type=\"button\" class=\"whole\">whole image</button></div>\n"
    }
    html +=
      "<div class=\"side\">\(image(expected, "expected", "expected"))\(image(actual, "actual", "actual"))\(image(diff, "diffimg", "diff"))</div>\n"
    html += "<div class=\"stage\"><div class=\"zoom\">"
    if let expected {
      html += "<img class=\"layer base\" src=\"\(Markup.escape(expected))\" alt=\"expected\">"
    }
    if let actual { html += "<img class=\"layer top\" src=\"\(Markup.escape(actual))\" alt=\"actual\">" }
    if let diff { html += "<img class=\"layer overlay-image\" src=\"\(Markup.escape(diff))\" alt=\"diff\">" }
    html += "<div class=\"divider\"></div></div></div>\n</div>\n"
    return html
  }

  /// A file whose kind changed between the look and the copy.
  private struct SwappedFile: Error {}

  /// Images gathered into `images/`, named by case.
  private struct Assets {
    let root: URL
    /// The page's `images/` folder.
    let images: ConfinedFolder
    let trustsRoots: Bool
    /// Images the results name that do not exist.
    var gone: [String] = []
    /// Images not read, with the reason.
    var refused: [String] = []

    /// The URL, relative to the page, of the image `name` below `folder`: as it is when it lies
    /// inside the report folder, else a copy in `images/`; nil when it does not exist or is
    /// refused (not a regular PNG, JPEG or WebP file below its folder).
    mutating func add(_ name: String, in folder: String, as copyName: String) throws -> String? {
      let shown = ComparedRoots.join(folder, name)
      if !trustsRoots, let reason = ComparedRoots.untrustedReason(folder) {
        refused.append("\(shown): its folder is not read from a results file (\(reason))")
        return nil
      }
      let input: Int32
      do {
        (input, _) = try ComparedRoots.open(folder, trusted: trustsRoots).openFile(RelativeName(name))
      } catch {
        if error.isMissing { gone.append(shown) } else { refused.append("\(shown): \(error.reason)") }
        return nil
      }
      defer { close(input) }
      var head = [UInt8](repeating: 0, count: 16)
      let count = pread(input, &head, head.count, 0)
      guard let format = ImageFormat.sniff(head.prefix(max(0, count))), [.png, .jpeg, .webp].contains(format)
      else {
        refused.append("\(shown): not a PNG, JPEG or WebP image")
        return nil
      }
      let absolute = AtomicOutput.absolute(shown)
      let prefix = root.path + "/"
      if absolute.hasPrefix(prefix) { return Self.url(String(absolute.dropFirst(prefix.count))) }
      let target = "\(copyName).\(format == .png ? "png" : format == .jpeg ? "jpg" : "webp")"
      do {
        _ = try images.replaceFile(RelativeName(target)) { output in
          // The kind is checked again on the bytes copied: a file swapped after the look above
          // is not published.
          var start: [UInt8] = []
          try ConfinedFolder.copyContents(of: input, to: output) { chunk in
            if start.count < 16 { start += chunk.prefix(16 - start.count) }
          }
          guard ImageFormat.sniff(start) == format else { throw SwappedFile() }
        }
      } catch is SwappedFile {
        refused.append("\(shown): changed while it was copied")
        return nil
      } catch {
        throw CopyFailure(source: shown, reason: "\(error)")
      }
      return "images/" + target
    }

    /// `path` as a relative URL: each component percent-encoded (`#`, `%`, `?` and bytes that
    /// are not UTF-8 included), so any file name shows.
    static func url(_ path: String) -> String {
      var allowed = CharacterSet.alphanumerics
      allowed.insert(charactersIn: "-._~!$&'()*+,;=:@")
      return path.split(separator: "/", omittingEmptySubsequences: false).map { component in
        let bytes = PathBytes.bytes(String(component))
        return bytes.map { byte -> String in
          let scalar = Unicode.Scalar(byte)
          return byte < 0x80 && allowed.contains(scalar) ? String(scalar) : String(format: "%%%02X", byte)
        }.joined()
      }.joined(separator: "/")
    }
  }
}
