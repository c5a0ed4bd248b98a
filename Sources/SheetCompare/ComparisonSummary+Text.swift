import SheetDiff

extension ComparisonSummary {
  /// How many cases came out each way, in the order the vocabulary lists them.
  public var counts: [(status: CaseStatus, count: Int)] {
    CaseStatus.allCases.compactMap { status in
      let count = cases.filter { $0.status == status }.count
      return count > 0 ? (status, count) : nil
    }
  }

  /// The one line every output uses for the totals: `6 files compared: 4 matched, 1 different,
  /// 1 missing`.
  public var tally: String {
    let total = cases.count
    let parts = counts.map { "\($0.count) \($0.status.rawValue)" }
    return "\(total) file\(total == 1 ? "" : "s") compared: "
      + (parts.isEmpty ? "none" : parts.joined(separator: ", "))
  }

  /// The budget the cases were held to: `at most 0 pixels per image or page, threshold 0.1`.
  public var budget: String {
    ComparisonOptions(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio).budgetDescription
      + " per image or page, threshold \(threshold)" + (metric == .pixelmatch ? ", pixelmatch metric" : "")
  }

  /// A readable account: one line per case that did not match (environment changes first,
  /// then pixel counts and regions), and the tally.
  public var text: String {
    var lines: [String] = []
    for result in cases where result.status != .matched {
      lines.append(contentsOf: result.textLines(roots: roots(of: result)))
    }
    if cases.count == 1, let only = cases.first, only.status == .matched {
      let pixels = only.pages.compactMap(\.comparison).first
      lines.append("matched: \(only.name)" + ((pixels?.summary ?? only.message).map { ": \($0)" } ?? ""))
      for page in only.pages {
        if let diff = page.diffFile, let folder = roots.diffs {
          lines.append("    diff: \(ComparedRoots.join(folder, diff))")
        }
      }
    } else if cases.count > 1 || cases.isEmpty {
      lines.append(tally)
    }
    return lines.joined(separator: "\n")
  }
}

extension CaseResult {
  /// `different: a.png` and one indented line per page that did not match, naming the diff
  /// images below `roots`.
  public func textLines(roots: ComparedRoots) -> [String] {
    var lines: [String] = []
    var line = "\(status.rawValue): \(name)"
    if let changes = environmentChanges {
      line += ": environment changed since the golden was recorded (\(changes.joined(separator: "; ")))"
    }
    if let message {
      // A file's own error already starts with its path: the case's name is not said twice.
      let firstPart = message.split(separator: ":", maxSplits: 1).first ?? ""
      let namesItself = environmentChanges == nil && firstPart.hasSuffix(name)
      line = namesItself ? "\(status.rawValue): \(message)" : line + ": \(message)"
    }
    lines.append(line)
    if let settings { lines.append("  settings: \(settings.description)") }
    for page in pages where page.status != .matched {
      let label = pages.count > 1 ? "  page \(page.page): " : "  "
      if let detail = page.detail { lines.append(label + detail) }
      for change in page.textChanges ?? [] { lines.append("    text: \(change.readable)") }
      if let diff = page.diffFile, let folder = roots.diffs {
        lines.append("    diff: \(ComparedRoots.join(folder, diff))")
      }
    }
    return lines
  }
}

extension PageResult {
  /// What differs on this page in plain English: the counts and the first regions
  /// (`…; region x 10, y 10, 1×1; region x 40, y 2, 3×3`), or why nothing was compared.
  public var detail: String? {
    guard let comparison else { return message }
    var detail = comparison.summary
    if !comparison.regions.isEmpty {
      detail += "; " + comparison.regions.prefix(5).map(\.readable).joined(separator: "; ")
      if comparison.regionCount > 5 { detail += "; …" }
    }
    return detail
  }
}
