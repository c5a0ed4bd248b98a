import SheetDiff

extension ComparisonSummary {
  /// A readable account: one line per failing case (environment changes first, then pixel
  /// counts and regions), and a closing total.
  public var text: String {
    var lines: [String] = []
    for result in cases where result.status != .matched {
      var line = "\(result.status.rawValue): \(result.name)"
      if let changes = result.environmentChanges {
        line += ": environment changed since the golden was recorded (\(changes.joined(separator: "; ")))"
      }
      if let message = result.message { line += ": \(message)" }
      lines.append(line)
      for page in result.pages where page.status != .matched {
        let label = result.pages.count > 1 ? "  page \(page.page): " : "  "
        if let comparison = page.comparison {
          var detail = label + comparison.summary
          if !comparison.regions.isEmpty {
            detail += "; regions " + comparison.regions.prefix(5).map(\.description).joined(separator: " ")
            if comparison.regionCount > 5 { detail += " …" }
          }
          lines.append(detail)
        } else if let message = page.message {
          lines.append(label + message)
        }
        if let diff = page.diffFile { lines.append("    diff: \(diff)") }
      }
    }
    if cases.count == 1, let only = cases.first, only.status == .matched {
      let pixels = only.pages.compactMap(\.comparison).first
      lines.append("match: \(only.name)" + (pixels.map { ": \($0.summary)" } ?? ""))
      for page in only.pages { if let diff = page.diffFile { lines.append("    diff: \(diff)") } }
    } else if cases.count > 1 {
      lines.append("\(cases.count - failures) of \(cases.count) match; \(failures) differ")
    }
    return lines.joined(separator: "\n")
  }
}
