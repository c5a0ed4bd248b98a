extension ComparisonSummary {
  /// The results of several runs (CI shards) as one: every case, sorted by name. Settings
  /// and paths come from the first; a path that differs between runs is listed as several.
  ///
  /// - Parameter summaries: The runs' results; at least one.
  /// - Returns: One summary whose status and counts follow from all the cases.
  public static func merging(_ summaries: [ComparisonSummary]) -> ComparisonSummary {
    guard let first = summaries.first else {
      return ComparisonSummary(
        expected: "", actual: "", threshold: 0.1, maxDiffPixels: 0, maxDiffRatio: nil,
        countAntiAliasing: false,
        ignore: [], dpi: 100, cases: [])
    }
    func joined(_ paths: [String]) -> String {
      var unique: [String] = []
      for path in paths where !unique.contains(path) { unique.append(path) }
      return unique.joined(separator: ", ")
    }
    let cases = summaries.flatMap(\.cases).enumerated().sorted {
      $0.element.name != $1.element.name ? $0.element.name < $1.element.name : $0.offset < $1.offset
    }.map(\.element)
    return ComparisonSummary(
      expected: joined(summaries.map(\.expected)), actual: joined(summaries.map(\.actual)),
      threshold: first.threshold, maxDiffPixels: first.maxDiffPixels, maxDiffRatio: first.maxDiffRatio,
      countAntiAliasing: first.countAntiAliasing, ignore: first.ignore, dpi: first.dpi, cases: cases)
  }
}
