import Foundation
import SheetLayout
import SheetText
import Synchronization

/// The captions of a layout file, measured as the command measures them and checked against
/// Pango's full layout.
enum CatalogCheck {
  /// Times ``ParallelMeasurer`` on the captions of `layoutFile`, then compares each with
  /// Pango's full layout when `compare`; returns whether all agree.
  static func run(layoutFile: String, compare: Bool) throws -> Bool {
    let requests = try captionRequests(layoutFile)
    let before = processSeconds()
    let start = Date()
    let measured = try ParallelMeasurer(fonts: .system).measureAll(requests)
    let wall = Date().timeIntervalSince(start)
    let cpu = processSeconds() - before
    let counts = ParallelMeasurer.counts.withLock { $0 }
    print(
      "measured \(requests.count) captions in \(String(format: "%.3f", wall)) s wall, \(String(format: "%.3f", cpu)) s CPU (fast path \(counts.fast), through Pango \(counts.pango))"
    )
    try timeOnOneThread(requests)
    guard compare else { return true }
    let pango = try TextEngine(fonts: .system)
    var mismatches = 0
    for (request, fast) in zip(requests, measured) {
      let reference = pango.measure(request.text, style: request.style, width: request.width)
      guard
        fast.lineCount != reference.lineCount || fast.height != reference.height
          || fast.isTruncated != reference.isTruncated
      else { continue }
      mismatches += 1
      if mismatches <= 10 { print("  mismatch: “\(request.text)” at \(request.width) pt") }
    }
    print("compared with Pango's full layout: \(requests.count) captions, mismatches = \(mismatches)")
    return mismatches == 0
  }

  /// One request per distinct caption of the layout's cards, in the layout's caption style at
  /// the card's caption width.
  private static func captionRequests(_ layoutFile: String) throws -> [TextRequest] {
    let data = try Data(contentsOf: URL(fileURLWithPath: layoutFile))
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let items = root["items"] as? [[String: Any]], let pages = root["pages"] as? [[String: Any]],
      let styles = root["textStyles"] as? [String: Any], let caption = styles["caption"] as? [String: Any]
    else { throw CocoaError(.fileReadCorruptFile) }
    let style = TextStyle(
      font: caption["font"] as? String ?? "", isMarkup: caption["isMarkup"] as? Bool ?? false,
      maxLines: caption["maxLines"] as? Int ?? 0)
    var seen = Set<TextRequest>()
    var requests: [TextRequest] = []
    for page in pages {
      for element in page["elements"] as? [[String: Any]] ?? [] {
        guard let item = element["item"] as? Int, let box = element["caption"] as? [String: Any],
          let width = box["width"] as? Double, let text = items[item]["caption"] as? String, !text.isEmpty
        else { continue }
        let request = TextRequest(text: text, style: style, width: width)
        if seen.insert(request).inserted { requests.append(request) }
      }
    }
    return requests
  }

  /// Times, on this thread, the fast path alone and Pango's full layout on what it declines.
  private static func timeOnOneThread(_ requests: [TextRequest]) throws {
    let fast = FastTextMeasurer(engine: try TextEngine(fonts: .system))
    var start = processSeconds()
    var declined: [TextRequest] = []
    for request in requests
    where fast.fastMeasure(request.text, style: request.style, width: request.width) == nil {
      declined.append(request)
    }
    let fastSeconds = processSeconds() - start
    start = processSeconds()
    for request in declined {
      _ = fast.engine.measure(request.text, style: request.style, width: request.width)
    }
    let pangoSeconds = processSeconds() - start
    print(
      "one thread: the fast path tried all in \(String(format: "%.3f", fastSeconds)) s CPU; Pango's full layout took \(String(format: "%.3f", pangoSeconds)) s CPU for the \(declined.count) it declined"
    )
  }

  /// User and system time of this process so far.
  private static func processSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
      + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
  }
}
