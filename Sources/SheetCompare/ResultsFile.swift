import Foundation
import SheetSupport

/// Reading results files.
package enum ResultsFile {
  /// What the results files one command reads may total. Results take 5–7× their size in
  /// memory once decoded, and the HTML page of cases that all failed about 11× (98 MB of
  /// failed cases peaked at 1,100 MB in `compare merge --html --junit --results`), so 64 MB
  /// (about 150,000 cases) keeps a merge or an approval under 1 GB. A run of 100,000 cases
  /// writes 40–60 MB.
  package static let budget = 64 << 20

  /// The results in `path`, refused before reading when it is larger than ``budget``.
  package static func read(_ path: String) throws -> ComparisonSummary { try read([path])[0] }

  /// The results in each of `paths` (their names read as bytes, ``PathBytes``), refused
  /// before reading once they would total more than `budget` bytes.
  package static func read(_ paths: [String], budget: Int = budget) throws -> [ComparisonSummary] {
    var left = budget
    return try paths.map { path in
      let data: Data
      do throws(RegularFile.Failure) {
        // Read straight into the Data the decoder takes: the file is held once, not twice.
        data = try RegularFile.data(path, limit: left)
      } catch {
        guard left < budget, error.isTooLarge else {
          throw ResultsError(description: "\(path): \(error.reason)")
        }
        throw ResultsError(
          description:
            "\(path): results files may total at most \(ByteCount.text(budget)) in one run and "
            + "\(ByteCount.text(budget - left)) were read before it; merge them in groups "
            + "(`compare merge … --results group.json`), then merge the groups")
      }
      left -= data.count
      let summary: ComparisonSummary
      do {
        summary = try JSONDecoder().decode(ComparisonSummary.self, from: data)
      } catch {
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        if let object, object["cases"] != nil, object["roots"] == nil {
          throw ResultsError(
            description:
              "\(path): results written by an older contactsheet, which named files by absolute paths; compare again"
          )
        }
        throw ResultsError(description: "\(path): not the JSON results of contactsheet compare (\(error))")
      }
      do throws(ResultsError) {
        try summary.checkPaths()
      } catch {
        throw ResultsError(description: "\(path): \(error.description)")
      }
      return summary
    }
  }
}
