import Testing

@testable import ContactSheet
@testable import ContactSheetCLI

/// `layout` leaves a large layout for the exit to reclaim instead of freeing it; small ones
/// (those of commands run in-process by tests) are freed as usual.
@Suite("Results kept until exit")
struct KeptUntilExitTests {
  private final class Probe: Sendable {}

  @Test("a value below the threshold is freed, one at it is kept")
  func threshold() {
    weak var small: Probe?
    weak var large: Probe?
    do {
      let probe = Probe()
      small = probe
      KeptUntilExit.keep(probe, size: KeptUntilExit.threshold - 1)
    }
    do {
      let probe = Probe()
      large = probe
      KeptUntilExit.keep(probe, size: KeptUntilExit.threshold)
    }
    #expect(small == nil)
    #expect(large != nil)
  }
}
