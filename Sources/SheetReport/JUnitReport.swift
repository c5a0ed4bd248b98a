import Foundation
import SheetCompare
import SheetSupport

/// Comparison results as JUnit XML, the format CI systems (GitLab, Jenkins, GitHub test
/// reporters, Azure) display: one `<testcase>` per compared image or PDF page; a `<failure>`
/// for different, missing and extra, an `<error>` for an unreadable file, each with the
/// message and the paths of the images to look at.
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
          "    <testcase classname=\"\(escape(suiteName))\" name=\"\(escape(entry.name))\" time=\"0\""
        switch entry.status {
        case .matched:
          element += "/>"
        case .error:
          errors += 1
          element +=
            ">\n      <error message=\"\(escape(entry.message))\" type=\"error\">"
            + escape(entry.body, attribute: false) + "</error>\n    </testcase>"
        case .different, .missing, .extra:
          failures += 1
          element +=
            ">\n      <failure message=\"\(escape(entry.message))\" type=\"\(entry.status.rawValue)\">"
            + escape(entry.body, attribute: false) + "</failure>\n    </testcase>"
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
  }

  private static func entries(_ result: CaseResult, roots: ComparedRoots) -> [Entry] {
    let files = [
      result.expectedPath.map { "expected: \(ComparedRoots.join(roots.golden, $0))" },
      result.actualPath.map { "actual: \(ComparedRoots.join(roots.actual, $0))" },
    ].compactMap { $0 }
    func diffs(_ file: String?) -> String? { file.map { ComparedRoots.join(roots.diffs ?? ".", $0) } }
    guard result.pages.count > 1 || (result.pages.count == 1 && result.pages[0].page > 1) else {
      let page = result.pages.first
      let message = [result.message, page?.detail].compactMap { $0 }.joined(separator: "; ")
      let evidence = files + [diffs(page?.diffFile).map { "diff: \($0)" }].compactMap { $0 }
      return [
        Entry(
          name: result.name, status: result.status, message: "\(result.status.rawValue): \(message)",
          body: (["\(result.status.rawValue): \(result.name)"] + (message.isEmpty ? [] : [message]) + evidence)
            .joined(separator: "\n"))
      ]
    }
    return result.pages.map { page in
      let message = page.detail ?? ""
      let evidence =
        files
        + [
          diffs(page.expectedFile).map { "expected page: \($0)" },
          diffs(page.actualFile).map { "actual page: \($0)" }, diffs(page.diffFile).map { "diff: \($0)" },
        ].compactMap { $0 }
      return Entry(
        name: "\(result.name) page \(page.page)", status: page.status,
        message: "\(page.status.rawValue): \(message)",
        body: (["\(page.status.rawValue): \(result.name) page \(page.page)", message] + evidence)
          .joined(separator: "\n"))
    }
  }

  /// Text as XML character data or an attribute value.
  static func escape(_ text: String, attribute: Bool = true) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\n": escaped += attribute ? "&#10;" : "\n"
      case "\t", "\r": escaped.unicodeScalars.append(scalar)
      default:
        // XML 1.0 forbids most control characters even as references.
        if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
          escaped += "\u{FFFD}"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped
  }
}
