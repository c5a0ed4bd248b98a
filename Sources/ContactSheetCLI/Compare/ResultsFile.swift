import Foundation
import SheetCompare
import SheetSupport

/// Reading results files.
enum ResultsFile {
  /// The largest results file read (a run of 100,000 cases writes about 60 MB).
  static let largest = 1 << 30

  /// The results in `path` (its name read as bytes, ``PathBytes``).
  static func read(_ path: String) throws -> ComparisonSummary {
    let data: Data
    do {
      // Read straight into the Data the decoder takes: a 1 GB file is held once, not twice.
      data = try RegularFile.data(path, limit: largest)
    } catch {
      throw InputError("\(path): \(error.reason)")
    }
    do {
      return try JSONDecoder().decode(ComparisonSummary.self, from: data)
    } catch {
      throw InputError("\(path): not the JSON results of contactsheet compare (\(error))")
    }
  }
}
