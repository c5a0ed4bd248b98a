/// `Double.description` for the numbers a layout is made of, written straight into a byte
/// buffer: no `String` is made, so a million-card export does not allocate twenty million.
///
/// It handles numbers that are not whole and whose magnitude is at least 0.001 and below 10¹⁵,
/// which `description` writes as plain decimals (`12.5`, `0.0625`, `595.2755905511812`). The
/// text is the shortest decimal that reads back as the same `Double`, and of those the closest
/// to it: the rule `description` follows. Digits are found with exact integer arithmetic: the
/// number is `m·2⁻ᵏ`; the decimals that read back as it are those strictly within half a unit
/// in the last place of it; scaled by 10ᶠ (f large enough for 18 significant digits) and by
/// 2ᵏ⁺², those bounds are integers. Digits are dropped while a shorter decimal still fits
/// between them, and the last one kept is rounded from the exact value. Where the rule alone
/// would not decide (a decimal exactly on a bound, or two equally close), it returns 0 and the
/// caller falls back to `description`: the text is always `description`'s.
package enum DoubleText {
  /// Room `write(_:to:)` needs: a sign, 17 digits, a point and two zeros.
  package static let capacity = 24

  /// Writes `value.description` to `out` (``capacity`` bytes of room) and returns its length,
  /// or returns 0, writing nothing, when `value` is whole, outside 0.001…10¹⁵ in magnitude or
  /// a case this does not decide.
  @inline(__always)
  package static func write(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
    let magnitude = value.magnitude
    guard magnitude >= 1e-3, magnitude < 1e15 else { return 0 }
    // Digits before the point (10^(d-1) <= magnitude < 10^d); 0, -1, -2 below 1.
    var digitsBefore: Int
    if magnitude >= 1 {
      digitsBefore = 1
      while magnitude >= tens[digitsBefore] { digitsBefore += 1 }
    } else if magnitude >= 0.1 {
      digitsBefore = 0
    } else if magnitude >= 0.01 {
      digitsBefore = -1
    } else {
      digitsBefore = -2
    }
    let fraction = 18 - digitsBefore  // 3...20 decimals: 18 significant digits
    // magnitude = significand / 2^(shift - 2); non-whole numbers below 2^50 have shift 5...64.
    let shift = 1077 - Int(magnitude.exponentBitPattern)
    let significand = UInt128(magnitude.significandBitPattern | (1 << 52))
    let scale = fraction < 20 ? UInt128(integerTens[fraction]) : UInt128(integerTens[19]) * 10
    let center = (significand << 2) &* scale
    // The next Double below is half as far when the significand is a power of two.
    let below = magnitude.significandBitPattern == 0 ? scale : scale << 1
    let lowEdge = center - below
    let highEdge = center + (scale << 1)
    let mask: UInt128 = (1 << shift) - 1
    guard lowEdge & mask != 0, highEdge & mask != 0 else { return 0 }
    // Decimals (in units of 10^-fraction) strictly between the edges.
    var low = UInt64(truncatingIfNeeded: lowEdge >> shift) + 1
    var high = UInt64(truncatingIfNeeded: highEdge >> shift)
    var digits = UInt64(truncatingIfNeeded: center >> shift)
    var dropped: UInt64 = 0  // The digits dropped from `digits`, as a number below `step`.
    var step: UInt64 = 1
    var places = fraction
    while places > 0 {
      let nextLow = (low + 9) / 10
      let nextHigh = high / 10
      guard nextLow <= nextHigh else { break }
      low = nextLow
      high = nextHigh
      dropped += (digits % 10) * step
      digits /= 10
      step *= 10
      places -= 1
    }
    // Round: compare what was dropped (with the bits below the unit) with half a step.
    let twiceDropped = ((UInt128(dropped) << shift) | (center & mask)) << 1
    let wholeStep = UInt128(step) << shift
    guard twiceDropped != wholeStep else { return 0 }
    if twiceDropped > wholeStep { digits += 1 }
    guard places > 0, digits >= low, digits <= high else { return 0 }
    // As many digits as the number has (rounding never carries it past a power of ten: that
    // power would read back as a Double other than this one), checked all the same.
    let count = places + digitsBefore
    guard count > 0, digits >= integerTens[count - 1], digits < integerTens[count] else { return 0 }
    return format(digits, count: count, places: places, negative: value < 0, to: out)
  }

  /// Writes `digits` (`count` of them) with a point `places` digits from the right (`0.` and
  /// zeros first when there are no more digits than that), after a minus sign when `negative`.
  @inline(__always)
  private static func format(
    _ digits: UInt64, count: Int, places: Int, negative: Bool, to out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let sign = negative ? 1 : 0
    let length = sign + (count > places ? count + 1 : places + 2)
    if negative { out[0] = UInt8(ascii: "-") }
    let pairs = digitPairs.utf8Start
    var position = length
    var rest = digits
    // The last two digits of `rest`, written before `position`.
    func writeLastPair() {
      let pair = Int(truncatingIfNeeded: rest % 100) &* 2
      rest /= 100
      position -= 2
      out[position] = pairs[pair]
      out[position + 1] = pairs[pair + 1]
    }
    var remaining = places
    while remaining >= 2 {
      writeLastPair()
      remaining -= 2
    }
    if remaining == 1 {
      position -= 1
      out[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    position -= 1
    out[position] = UInt8(ascii: ".")
    while rest >= 10 { writeLastPair() }
    if position > sign { out[position - 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest) }
    return length
  }

  /// "00", "01", … "99", one after another.
  private static var digitPairs: StaticString {
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
  }

  /// 10⁰…10¹⁵ as Doubles (exact).
  private static let tens: [Double] = [
    1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]
  /// 10⁰…10¹⁹.
  private static let integerTens: [UInt64] = [
    1, 10, 100, 1000, 10000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
    1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
    10_000_000_000_000_000_000,
  ]
}
