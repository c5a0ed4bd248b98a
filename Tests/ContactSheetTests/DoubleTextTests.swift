import Foundation
import SheetSupport
import Testing

@testable import ContactSheet

/// `DoubleText` writes `Double.description` without making a `String`; wherever it writes, it
/// must write exactly what `description` does, and it must write for almost every number a
/// layout holds (else the export falls back to the slow path without anyone noticing).
@Suite("Double text without a String")
struct DoubleTextTests {
  /// What `DoubleText` writes for `value`, or nil when it leaves `value` to `description`.
  private func text(_ value: Double) -> String? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DoubleText.capacity) { buffer in
      let length = DoubleText.write(value, to: buffer.baseAddress!)
      guard length > 0 else { return nil }
      #expect(length <= DoubleText.capacity)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
    }
  }

  @Test("page sizes, sums that do not add up, neighbours of round numbers, ends of the range")
  func edgeValues() {
    var values: [Double] = [
      595.2755905511812, 841.8897637795276, 0.1 + 0.2, 0.1, 0.2, 0.3, 0.5, 0.25, 0.125, 0.001,
      0.0010000000000000002,
      12.5, 1.5, 2.5, 9.5, 99.99, 123.456, 1e15.nextDown, 999_999_999_999_999.9, 4_503_599_627_370_495.5,
      0.9999999999999999, 1.0000000000000002, 9.999999999999998, 10.000000000000002, 0.09999999999999999,
      0.010000000000000002, 114.31102362204726, 40.01574803149607, 16.296875, 1.0 / 3, 2.0 / 3, 1e-3 * 7,
    ]
    // Powers of two (whose Double below is half as far) and their neighbours.
    for exponent in -10...49 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      values += [power, power.nextUp, power.nextDown, power * 1.5]
    }
    // Powers of ten and their neighbours.
    for exponent in -3...14 {
      let power = pow(10.0, Double(exponent))
      values += [power.nextUp, power.nextDown, power * 1.1, power * 0.9]
    }
    var written = 0
    var inRange = 0
    for value in values + values.map(-) where value.rounded() != value {
      if value.magnitude >= 1e-3, value.magnitude < 1e15 { inRange += 1 }
      guard let text = text(value) else { continue }
      written += 1
      #expect(text == value.description, "\(value.description)")
    }
    // Left to description: only a decimal exactly on a rounding bound, or two equally close.
    #expect(written >= inRange - 8, "\(written) of \(inRange)")
  }

  @Test("two million random numbers: layout-like, any bits, fractions")
  func randomValues() {
    var random = SeededRandom(seed: 20_261_123)
    var written = 0
    var tried = 0
    var mismatches: [String] = []
    for index in 0..<2_000_000 {
      var value: Double
      switch index % 5 {
      case 0: value = random.double(0.001...1000)
      case 1:
        // Any bit pattern from 0.001 to 10^15: every significand and exponent in range.
        let low = (0.001).bitPattern
        value = Double(bitPattern: low + random.next() % ((1e15).bitPattern - low))
      case 2:
        value = Double(random.int(-100_000...100_000)) / Double([3, 7, 10, 64, 100, 1000, 1024][index % 7])
      case 3: value = random.double(0...2000).rounded() + Double(random.int(0...999)) * 0.001
      default: value = random.double(30...850) * random.double(0.5...2) + random.double(0...20)
      }
      if index % 3 == 0 { value = -value }
      if index % 7 == 0 { value = value.nextUp } else if index % 7 == 1 { value = value.nextDown }
      guard value.rounded() != value else { continue }
      tried += 1
      guard let text = text(value) else { continue }
      written += 1
      if text != value.description, mismatches.count < 10 {
        mismatches.append("\(value.description) as \(text)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
    // Only numbers on a rounding bound (or tied), or outside 0.001…10^15, are left to description.
    #expect(written > tried * 99 / 100)
  }

  @Test("whole numbers, tiny and huge numbers, infinities and NaN are left to the caller")
  func outsideTheRange() {
    for value in [
      0, 1, -7, 12, 1e14, 1e15, 1e15 + 0.5, 1e20, 0.000_999, 1e-5, -1e-7, .infinity, -.infinity, .nan,
    ] {
      #expect(text(value) == nil, "\(value)")
    }
  }
}
