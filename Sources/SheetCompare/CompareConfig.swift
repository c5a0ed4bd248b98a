import Foundation
import SheetDiff
import SheetSupport
import Yams

/// Comparison settings per file or folder, from a file kept in the repository beside the
/// goldens (`compare --config compare.yaml`): charts looser than icons, a timestamp masked in
/// one screen only. Each setting is named as its flag is.
///
/// ```yaml
/// defaults:
///   threshold: 0.1
/// files:
///   - match: "charts/**"        # * within a folder, ** across folders, ? one character
///     threshold: 0.2
///     max-diff-ratio: 1%
///   - match: "screens/home.png"
///     ignore: ["0,0,200,30"]
/// ```
///
/// A case takes the command's options, then `defaults`, then every rule whose `match` its
/// name (relative to the compared folders) matches, in the file's order: the later wins.
public struct CompareConfig: Sendable {
  /// Settings as the file gives them: nil where it says nothing.
  public struct Settings: Codable, Hashable, Sendable {
    /// `threshold`.
    public var threshold: Double?
    /// `max-diff-pixels`.
    public var maxDiffPixels: Int?
    /// `max-diff-ratio`, a share (0…1).
    public var maxDiffRatio: Double?
    /// `ignore`, regions in expected-image pixels.
    public var ignore: [PixelRect]?
    /// `count-aa`.
    public var countAntiAliasing: Bool?
    /// `dpi`, for PDFs.
    public var dpi: Double?
    /// `metric`.
    public var metric: ComparisonMetric?

    /// Every setting given.
    public init(
      threshold: Double? = nil, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
      ignore: [PixelRect]? = nil,
      countAntiAliasing: Bool? = nil, dpi: Double? = nil, metric: ComparisonMetric? = nil
    ) {
      self.threshold = threshold
      self.maxDiffPixels = maxDiffPixels
      self.maxDiffRatio = maxDiffRatio
      self.ignore = ignore
      self.countAntiAliasing = countAntiAliasing
      self.dpi = dpi
      self.metric = metric
    }

    /// The settings a comparison ran with: every one set.
    public init(_ options: ComparisonOptions, dpi: Double) {
      self.init(
        threshold: options.threshold, maxDiffPixels: options.maxDiffPixels,
        maxDiffRatio: options.maxDiffRatio,
        ignore: options.ignoreRegions, countAntiAliasing: options.countAntiAliasing, dpi: dpi,
        metric: options.metric)
    }

    /// `threshold 0.2, at most 1.00%, 1 region ignored, anti-aliasing counted, 150 dpi,
    /// pixelmatch metric`: what is set, in words (the budget whenever a threshold or a budget
    /// is, so a case's complete settings say "no changed pixel" when no budget applies).
    public var description: String {
      var parts: [String] = []
      if let threshold { parts.append("threshold \(threshold)") }
      if threshold != nil || maxDiffPixels != nil || maxDiffRatio != nil {
        parts.append(
          ComparisonOptions(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio).budgetDescription)
      }
      if let ignore, !ignore.isEmpty {
        parts.append("\(ignore.count) region\(ignore.count == 1 ? "" : "s") ignored")
      }
      if countAntiAliasing == true { parts.append("anti-aliasing counted") }
      if let dpi { parts.append("\(dpi.formatted()) dpi") }
      if let metric { parts.append("\(metric.rawValue) metric") }
      return parts.joined(separator: ", ")
    }

    /// These settings with each one `other` gives put over them.
    func overlaid(by other: Settings) -> Settings {
      Settings(
        threshold: other.threshold ?? threshold, maxDiffPixels: other.maxDiffPixels ?? maxDiffPixels,
        maxDiffRatio: other.maxDiffRatio ?? maxDiffRatio, ignore: other.ignore ?? ignore,
        countAntiAliasing: other.countAntiAliasing ?? countAntiAliasing, dpi: other.dpi ?? dpi,
        metric: other.metric ?? metric)
    }
  }

  /// The settings every case starts from.
  public var defaults: Settings
  /// The rules, in the file's order: a name pattern and its settings.
  public var rules: [(pattern: String, settings: Settings)]

  /// The configuration in the YAML file at `path` (at most 1 MB, a regular file).
  ///
  /// - Throws: ``ResultsError`` naming the file and what is wrong: an unknown key, a value of
  ///   the wrong kind or out of range, a rule without `match`.
  public init(path: String) throws(ResultsError) {
    let text: String
    do {
      text = String(decoding: try RegularFile.contents(path, limit: 1 << 20), as: UTF8.self)
    } catch {
      throw ResultsError(description: "\(path): \(error.reason)")
    }
    let root: Any?
    do {
      // Composed, not loaded: Yams' loader traps on a key that is not text and expands
      // aliases without bound. Plain values become numbers and booleans as YAML reads them.
      var budget = 100_000
      root = try Yams.compose(yaml: text).map { try Self.value($0, budget: &budget, path: path) }
    } catch let error as ResultsError {
      throw error
    } catch {
      throw ResultsError(description: "\(path): not YAML (\(error))")
    }
    guard let top = root as? [String: Any] else {
      throw ResultsError(description: "\(path): expected a mapping with defaults and files")
    }
    for key in top.keys where !["defaults", "files"].contains(key) {
      throw ResultsError(description: "\(path): unknown key '\(key)' (use defaults and files)")
    }
    defaults = try Self.settings(
      top["defaults"] ?? [String: Any](), at: "\(path): defaults", allowsMatch: false
    ).1
    let filesNode: Any = top["files"] ?? [Any]()
    guard let files = filesNode as? [Any] else {
      throw ResultsError(description: "\(path): files must be a list of rules")
    }
    rules = try files.enumerated().map { index, rule throws(ResultsError) in
      let (pattern, settings) = try Self.settings(rule, at: "\(path): files[\(index + 1)]", allowsMatch: true)
      guard let pattern else { throw ResultsError(description: "\(path): files[\(index + 1)] has no match") }
      return (pattern, settings)
    }
  }

  /// The settings for the case named `name`: the defaults, then each matching rule.
  public func settings(for name: String) -> Settings {
    rules.reduce(defaults) { Self.matches($1.pattern, name) ? $0.overlaid(by: $1.settings) : $0 }
  }

  /// `options` and `dpi` with `settings` put over them.
  public static func apply(_ settings: Settings, to options: ComparisonOptions, dpi: Double) -> (
    options: ComparisonOptions, dpi: Double
  ) {
    var options = options
    options.threshold = settings.threshold ?? options.threshold
    options.maxDiffPixels = settings.maxDiffPixels ?? options.maxDiffPixels
    options.maxDiffRatio = settings.maxDiffRatio ?? options.maxDiffRatio
    options.ignoreRegions = settings.ignore ?? options.ignoreRegions
    options.countAntiAliasing = settings.countAntiAliasing ?? options.countAntiAliasing
    options.metric = settings.metric ?? options.metric
    return (options, settings.dpi ?? dpi)
  }

  /// Whether `name` matches `pattern`: `**` any run of characters, `*` any run without `/`,
  /// `?` one character other than `/`, anything else itself.
  static func matches(_ pattern: String, _ name: String) -> Bool {
    let pattern = Array(pattern.unicodeScalars)
    let name = Array(name.unicodeScalars)
    // Positions in the name reachable after each pattern position: no backtracking blow-up.
    var reachable = Set([0])
    var index = 0
    while index < pattern.count {
      var next: Set<Int> = []
      if pattern[index] == "*" {
        let crossesFolders = index + 1 < pattern.count && pattern[index + 1] == "*"
        for start in reachable {
          var position = start
          next.insert(position)
          while position < name.count && (crossesFolders || name[position] != "/") {
            position += 1
            next.insert(position)
          }
        }
        index += crossesFolders ? 2 : 1
      } else {
        for position in reachable where position < name.count {
          if pattern[index] == "?" ? name[position] != "/" : name[position] == pattern[index] {
            next.insert(position + 1)
          }
        }
        index += 1
      }
      reachable = next
      if reachable.isEmpty { return false }
    }
    return reachable.contains(name.count)
  }

  /// `node` as plain values: text, a number or a boolean for a plain scalar, arrays and
  /// mappings with text keys; at most `budget` values, no aliases.
  private static func value(_ node: Node, budget: inout Int, path: String) throws -> Any {
    budget -= 1
    guard budget >= 0 else { throw ResultsError(description: "\(path): more than 100,000 values") }
    switch node {
    case .scalar(let scalar):
      guard scalar.style == .plain else { return scalar.string }
      return node.bool ?? node.int ?? node.float ?? scalar.string
    case .sequence(let sequence):
      return try sequence.map { try value($0, budget: &budget, path: path) }
    case .mapping(let mapping):
      var result: [String: Any] = [:]
      for (key, entry) in mapping {
        guard case .scalar(let name) = key else {
          throw ResultsError(description: "\(path): a key that is not text")
        }
        result[name.string] = try value(entry, budget: &budget, path: path)
      }
      return result
    case .alias:
      throw ResultsError(description: "\(path): YAML aliases are not supported here")
    }
  }

  /// The settings of one YAML mapping (`defaults` or a rule), and its `match` when allowed.
  private static func settings(_ node: Any, at place: String, allowsMatch: Bool) throws(ResultsError) -> (
    String?, Settings
  ) {
    guard let mapping = node as? [String: Any] else {
      throw ResultsError(description: "\(place): expected a mapping")
    }
    var settings = Settings()
    var pattern: String?
    func number(_ value: Any, _ key: String, in range: ClosedRange<Double>) throws(ResultsError) -> Double {
      guard let number = (value as? Double) ?? (value as? Int).map(Double.init), range.contains(number) else {
        throw ResultsError(
          description: "\(place): \(key) must be a number from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
    for (key, value) in mapping {
      switch key {
      case "match" where allowsMatch:
        guard let text = value as? String, !text.isEmpty else {
          throw ResultsError(description: "\(place): match must be a file name pattern")
        }
        pattern = text
      case "threshold": settings.threshold = try number(value, key, in: 0...1)
      case "max-diff-pixels":
        guard let count = value as? Int, count >= 0 else {
          throw ResultsError(description: "\(place): max-diff-pixels must be a whole number, 0 or more")
        }
        settings.maxDiffPixels = count
      case "max-diff-ratio":
        if let text = value as? String, text.hasSuffix("%"), let percent = Double(text.dropLast()) {
          settings.maxDiffRatio = try number(percent / 100, key, in: 0...1)
        } else {
          settings.maxDiffRatio = try number(value, key, in: 0...1)
        }
      case "ignore":
        guard let regions = value as? [String] else {
          throw ResultsError(description: "\(place): ignore must be a list of \"x,y,w,h\"")
        }
        settings.ignore = try regions.map { text throws(ResultsError) in
          guard let rect = PixelRect(parsing: text), rect.x >= 0, rect.y >= 0 else {
            throw ResultsError(
              description: "\(place): ignore \(text): use x,y,w,h in pixels, such as 0,0,200,30")
          }
          return rect
        }
      case "count-aa":
        guard let flag = value as? Bool else {
          throw ResultsError(description: "\(place): count-aa must be true or false")
        }
        settings.countAntiAliasing = flag
      case "dpi": settings.dpi = try number(value, key, in: 1...1200)
      case "metric":
        guard let text = value as? String, let metric = ComparisonMetric(rawValue: text) else {
          throw ResultsError(description: "\(place): metric must be house or pixelmatch")
        }
        settings.metric = metric
      default:
        throw ResultsError(
          description:
            "\(place): unknown setting '\(key)' (threshold, max-diff-pixels, max-diff-ratio, ignore, count-aa, dpi, metric"
            + (allowsMatch ? ", match)" : ")"))
      }
    }
    return (pattern, settings)
  }
}
