import Foundation

/// What a CSV catalog is: a plain table (one item per row), or a shop's product export, read
/// as one item per product.
public enum CSVSource: String, CaseIterable, Sendable {
  /// One item per row.
  case csv
  /// Shopify's product CSV: rows of one product share its `Handle` (variants, extra images).
  case shopify
  /// WooCommerce's product CSV: variations name their product in `Parent`.
  case woocommerce

  /// The shop whose export has the columns `header`, if any: Shopify's has `Handle` and
  /// `Variant Price` or `Image Src`; WooCommerce's has `Type`, `SKU`, `Name` and `Regular price`.
  static func detect(_ header: [String]) -> CSVSource? {
    let columns = Set(header)
    if columns.contains("Handle") && (columns.contains("Variant Price") || columns.contains("Image Src")) {
      return .shopify
    }
    if columns.isSuperset(of: ["Type", "SKU", "Name", "Regular price"]) { return .woocommerce }
    return nil
  }
}

/// One product of a shop export, gathered from its rows: what captions name it by, and its
/// pictures.
struct ShopProduct {
  /// The line its first row starts on.
  var line: Int
  /// Every column of its rows, under its own name: the first value each column has.
  var columns: [String: String] = [:]
  /// Its name.
  var title = ""
  /// The description, converted from HTML to caption markup.
  var description = ""
  /// Who makes it (Shopify's `Vendor`).
  var vendor = ""
  /// The shop's kind of product (Shopify's `Type`).
  var type = ""
  /// The category it is shown in: the type, or the deepest level of a category path.
  var category = ""
  /// Its tags, as the export lists them.
  var tags = ""
  /// Its handle (Shopify's URL name).
  var handle = ""
  /// Its variants' SKUs, in file order.
  var skus: [String] = []
  /// Its variants' prices, and the prices before a reduction as written.
  var prices: [(price: Double, compareAt: String?)] = []
  /// Its pictures (paths or URLs) in their order, and each one's alternative text.
  var images: [(reference: String, alt: String)] = []

  /// A price as a shop writes it (`199.00`, `1,299.00`, `199,00`, `-5.00`) as a number; nil
  /// when it holds no ASCII digit.
  static func number(_ text: String) -> Double? {
    let sign = text.trimmingCharacters(in: .whitespaces).hasPrefix("-") ? -1.0 : 1.0
    var digits = text.filter { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
    guard !digits.isEmpty else { return nil }
    // The last of `.` and `,` is the decimal mark when two or fewer digits follow it.
    if let mark = digits.lastIndex(where: { $0 == "." || $0 == "," }),
      digits.distance(from: mark, to: digits.endIndex) <= 3
    {
      let whole = digits[..<mark].filter(\.isNumber)
      digits = whole + "." + digits[digits.index(after: mark)...]
    } else {
      digits = digits.filter(\.isNumber)
    }
    return Double(digits).map { sign * $0 }
  }
}

/// How prices are shown: with a currency, in the document's language, and the word before a
/// price range's lowest price.
public struct PriceStyle: Sendable {
  /// The ISO 4217 code of the prices (`EUR`), if the prices are to be shown with it.
  public var currency: String?
  /// The language the numbers are written in (BCP 47).
  public var language = "en"
  /// The word before the lowest price of a product whose variants cost different amounts.
  public var from = "from"

  /// Prices as written, in English, with no currency.
  public init() {}

  /// Writes prices as this style does: `€199.00`, `199,00 €`, or the number alone. Made once
  /// per export (a formatter opens ICU's data for its locale).
  func writer() -> (Double) -> String {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: language.replacingOccurrences(of: "-", with: "_"))
    if let currency {
      formatter.numberStyle = .currency
      formatter.currencyCode = currency
    } else {
      formatter.numberStyle = .decimal
      formatter.minimumFractionDigits = 2
      formatter.maximumFractionDigits = 2
    }
    return { price in formatter.string(from: NSNumber(value: price)) ?? String(format: "%.2f", price) }
  }
}
