import Foundation
import SheetCompare

/// Reading results files.
enum ResultsFile {
  /// The results in `path`.
  static func read(_ path: String) throws -> ComparisonSummary {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw InputError("\(path): cannot be read")
    }
    do {
      return try JSONDecoder().decode(ComparisonSummary.self, from: data)
    } catch {
      throw InputError("\(path): not the JSON results of contactsheet compare (\(error))")
    }
  }
}
