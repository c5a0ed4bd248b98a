extension ComparisonSummary {
  /// The results of several runs (CI shards) as one: every case, sorted by name. Settings
  /// and roots come from the first; a case from a run that compared other folders keeps its
  /// own roots (``CaseResult/roots``), and the paths as given list each run's.
  ///
  /// - Parameter summaries: The runs' results; at least one.
  /// - Returns: One summary whose status and counts follow from all the cases.
  public static func merging(_ summaries: [ComparisonSummary]) -> ComparisonSummary {
    guard let first = summaries.first else {
      return ComparisonSummary(
        expected: "", actual: "", roots: ComparedRoots(golden: ".", actual: "."), threshold: 0.1,
        maxDiffPixels: nil, maxDiffRatio: nil,
        countAntiAliasing: false,
        ignore: [], dpi: 100, cases: [])
    }
    func joined(_ paths: [String]) -> String {
      var unique: [String] = []
      for path in paths where !unique.contains(path) { unique.append(path) }
      return unique.joined(separator: ", ")
    }
    let cases = summaries.flatMap { summary in
      summary.cases.map { result in
        var result = result
        let roots = summary.roots(of: result)
        result.roots = roots == first.roots ? nil : roots
        // A shard that ran with other settings keeps them on its cases.
        if result.settings == nil, summary.settings != first.settings { result.settings = summary.settings }
        return result
      }
    }.enumerated().sorted {
      $0.element.name != $1.element.name ? $0.element.name < $1.element.name : $0.offset < $1.offset
    }.map(\.element)
    return ComparisonSummary(
      expected: joined(summaries.map(\.expected)), actual: joined(summaries.map(\.actual)),
      roots: first.roots,
      threshold: first.threshold, maxDiffPixels: first.maxDiffPixels, maxDiffRatio: first.maxDiffRatio,
      countAntiAliasing: first.countAntiAliasing, ignore: first.ignore, dpi: first.dpi, cases: cases,
      metric: first.metric ?? .house)
  }
}

extension ComparisonSummary {
  /// The settings the run compared with (a case may have its own: ``CaseResult/settings``).
  public var settings: CompareConfig.Settings {
    CompareConfig.Settings(
      threshold: threshold, maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio, ignore: ignore,
      countAntiAliasing: countAntiAliasing, dpi: dpi, metric: metric ?? .house)
  }
}
