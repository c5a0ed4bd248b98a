import Foundation
import SheetCompare
import SheetSupport

/// Comparison results as JUnit XML, the format CI systems (GitLab, Jenkins, GitHub test
/// reporters, Azure) display: one `<testcase>` per compared image or PDF page; a `<failure>`
/// for different, missing and extra, an `<error>` for an unreadable file, each with the
/// message and the paths of the images to look at, and those images again as attachments
/// (`[[ATTACHMENT|path]]` lines in `<system-out>`, which Jenkins' and GitLab's JUnit readers
/// show). Each test case carries the seconds its comparison took (a PDF's pages share theirs).
public enum JUnitReport {
  /// The XML for `summary`, whose suite is named `suiteName`.
  ///
  /// - Parameters:
  ///   - summary: The comparison's results.
  ///   - suiteName: The `<testsuite>` name.
  ///   - seconds: The run's wall time, when known.
  /// - Returns: A complete XML document.
  public static func xml(
    _ summary: ComparisonSummary, suiteName: String = "contactsheet compare", seconds: Double? = nil
  )
    -> String
  {
    var cases: [String] = []
    var failures = 0
    var errors = 0
    for result in summary.cases {
      for entry in entries(result, roots: summary.roots(of: result)) {
        var element =
          "    <testcase classname=\"\(escape(suiteName))\" name=\"\(escape(entry.name))\" "
          + "time=\"\(String(format: "%.3f", entry.seconds))\""
        let attachments =
          entry.attachments.isEmpty
          ? ""
          : "\n      <system-out>"
            + escape(
              entry.attachments.map { "[[ATTACHMENT|\($0)]]" }.joined(separator: "\n"), attribute: false)
            + "</system-out>"
        switch entry.status {
        case .matched:
          element += "/>"
        case .error:
          errors += 1
          element +=
            ">\n      <error message=\"\(escape(entry.message))\" type=\"error\">"
            + escape(entry.body, attribute: false) + "</error>\(attachments)\n    </testcase>"
        case .different, .missing, .extra:
          failures += 1
          element +=
            ">\n      <failure message=\"\(escape(entry.message))\" type=\"\(entry.status.rawValue)\">"
            + escape(entry.body, attribute: false) + "</failure>\(attachments)\n    </testcase>"
        }
        cases.append(element)
      }
    }
    let time = String(format: "%.3f", seconds ?? 0)
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuites name="\(escape(suiteName))" tests="\(cases.count)" failures="\(failures)" errors="\(errors)" time="\(time)">
        <testsuite name="\(escape(suiteName))" tests="\(cases.count)" failures="\(failures)" errors="\(errors)" skipped="0" time="\(time)">
          <properties>
            <property name="expected" value="\(escape(summary.expected))"/>
            <property name="actual" value="\(escape(summary.actual))"/>
            <property name="budget" value="\(escape(summary.budget))"/>
          </properties>
      \(cases.joined(separator: "\n"))
        </testsuite>
      </testsuites>

      """
  }

  /// Writes the XML to `path`, atomically.
  ///
  /// - Throws: `CocoaError` when the file cannot be written.
  public static func write(_ summary: ComparisonSummary, to path: String, seconds: Double? = nil) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(xml(summary, seconds: seconds).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// One test case: a file, or one page of a PDF.
  private struct Entry {
    var name: String
    var status: CaseStatus
    var message: String
    var body: String
    /// The images to look at: expected, actual, diff (the files that exist in the results).
    var attachments: [String]
    var seconds: Double
  }

  private static func entries(_ result: CaseResult, roots: ComparedRoots) -> [Entry] {
    // Names whose bytes are not UTF-8 or hold control characters are shown escaped (`\xFF`).
    let name = TerminalText.escaped(result.name)
    let files: [(String, String)] = [
      result.expectedPath.map { ("expected", ComparedRoots.join(roots.golden, $0)) },
      result.actualPath.map { ("actual", ComparedRoots.join(roots.actual, $0)) },
    ].compactMap { $0 }
    func diffs(_ label: String, _ file: String?) -> (String, String)? {
      file.map { (label, ComparedRoots.join(roots.diffs ?? ".", $0)) }
    }
    func entry(
      _ name: String, _ status: CaseStatus, _ message: String, _ evidence: [(String, String)],
      images: [String], seconds: Double
    ) -> Entry {
      let lines =
        (result.settings.map { ["settings: \($0.description)"] } ?? [])
        + evidence.map { "\($0.0): \(TerminalText.escaped($0.1))" }
      return Entry(
        name: name, status: status, message: "\(status.rawValue): \(message)",
        body: (["\(status.rawValue): \(name)"] + (message.isEmpty ? [] : [message]) + lines).joined(
          separator: "\n"),
        attachments: status == .matched ? [] : images.map(TerminalText.escaped), seconds: seconds)
    }
    let seconds = result.seconds ?? 0
    guard result.pages.count > 1 || (result.pages.count == 1 && result.pages[0].page > 1) else {
      let page = result.pages.first
      let text = (page?.textChanges ?? []).map { "text: \($0.readable)" }
      let message = ([result.message, page?.detail].compactMap { $0 } + text).joined(separator: "; ")
      let evidence = files + [diffs("diff", page?.diffFile)].compactMap { $0 }
      let isPDF = (result.expectedPath ?? result.actualPath ?? "").lowercased().hasSuffix(".pdf")
      let images = (isPDF ? [] : files.map(\.1)) + [diffs("diff", page?.diffFile)?.1].compactMap { $0 }
      return [entry(name, result.status, message, evidence, images: images, seconds: seconds)]
    }
    return result.pages.map { page in
      let pageImages = [
        diffs("expected page", page.expectedFile), diffs("actual page", page.actualFile),
        diffs("diff", page.diffFile),
      ].compactMap { $0 }
      let text = (page.textChanges ?? []).map { "text: \($0.readable)" }
      let message = ([page.detail].compactMap { $0 } + text).joined(separator: "; ")
      return entry(
        "\(name) page \(page.page)", page.status, message, files + pageImages, images: pageImages.map(\.1),
        seconds: seconds / Double(result.pages.count))
    }
  }

  /// Text as XML character data or an attribute value.
  static func escape(_ text: String, attribute: Bool = true) -> String {
    XMLText.escaped(text, attribute: attribute)
  }
}
