import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

@Suite("the run's summary counts placeholders by the kind warnings are capped by")
struct SummaryCausesTests {
  @Test("a leading size and a parenthesis are left out of a cause; the most frequent comes first")
  func causes() {
    let reasons = [
      "file not found",
      "4000×3000 is more than --max-pixels 200 pixels (shown as a placeholder card)",
      "6000×4000 is more than --max-pixels 200 pixels (shown as a placeholder card)",
    ]
    #expect(Summary.causes(reasons) == "2 is more than --max-pixels 200 pixels, 1 file not found")
    // The summary's cause is the warning's kind: one fact, computed in one place.
    #expect(Diagnostics.kind(ofReason: reasons[1]) == "is more than --max-pixels 200 pixels")
  }
}
