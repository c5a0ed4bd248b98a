import Foundation

/// Reads a shop's product export (Shopify's or WooCommerce's product CSV) as one item per
/// product: its variants gathered (prices as a range, SKUs), its first picture the card's and
/// the others in `{images}`, its description converted from HTML, its section from its type
/// or category.
///
/// A product's fields for captions: `{title}` (also `{name}`), `{description}` (markup),
/// `{price}` (`from €…` when variants differ), `{price-min}`, `{price-max}`, `{compare-at}`,
/// `{sku}`, `{skus}`, `{vendor}`, `{type}`, `{category}`, `{tags}`, `{handle}`, `{url}`,
/// `{images}`, `{alt}`; and every column of the export under its own name.
enum ShopExportReader {
  /// The default caption of a product: its price in bold and its SKU, then its title. The
  /// price comes first because a caption's line limit (two by default) ends a long title with
  /// an ellipsis: after a title that wraps, the price would be cut.
  static let caption = "<b>{price}</b> · {sku}\\n{title}"

  /// The fields a product has beyond the export's columns, in the order they are added.
  static let productFields = [
    "title", "name", "description", "price", "price-min", "price-max", "compare-at", "sku", "skus", "vendor",
    "type", "category", "tags", "handle", "url", "images", "alt",
  ]

  /// Adds the products of the export at `path` (read as `source`; `header` and `rows` its
  /// table) to `catalog`.
  static func read(
    _ source: CSVSource, path: String, header: [String], rows: [(line: Int, fields: [String])],
    options: CSVOptions, into catalog: inout Catalog, leftOut: inout MalformedRows
  ) {
    let table = Table(header: header)
    let products =
      source == .shopify
      ? shopifyProducts(rows, table: table, path: path, leftOut: &leftOut)
      : wooCommerceProducts(rows, table: table, path: path, catalog: &catalog)
    let folder = PathText.folder(of: path)
    var unsectioned: [Int] = []
    let hasCategories = options.sectionColumn == nil && products.contains { !$0.category.isEmpty }
    let price = options.prices.writer()
    for product in products {
      var item = CatalogItem(
        path: product.images.first.map { PathText.appending($0.reference, to: folder) } ?? "", file: path,
        line: product.line)
      var fields = self.fields(of: product, header: header, options: options, price: price)
      let link = linkOf(product, fields: fields, template: options.linkTemplate)
      if !link.isEmpty {
        item.link = link
        fields.insert(("url", link), at: 0)
      }
      item.fields = ItemFields(
        names: fields.map(\.name), values: fields.map(\.value), columns: fields.indices)
      if !product.description.isEmpty { item.fields.add("description", markup: product.description) }
      // The named field's value, else the category when any product has one.
      let section =
        options.sectionColumn.map { column in fields.first { $0.name == column }?.value ?? "" }
        ?? (hasCategories ? product.category : nil)
      if let section {
        item.section = section.isEmpty ? options.otherSection : section
        if section.isEmpty { unsectioned.append(product.line) }
      }
      catalog.entries.append(.item(item))
    }
    if !unsectioned.isEmpty {
      let column = options.sectionColumn ?? (source == .shopify ? "Type" : "Categories")
      catalog.warnings.append(
        "\(path): \(CSVCatalogReader.rows(unsectioned, singular: "the product of row", plural: "the products of rows")) no '\(column)', so \(unsectioned.count == 1 ? "it is" : "they are") in the section '\(options.otherSection)' (\(setting: .textOther) names it)"
      )
    }
    if catalog.captionTemplate == nil {
      catalog.captionTemplate = caption
      catalog.captionSource =
        "the default caption of a \(source == .shopify ? "Shopify" : "WooCommerce") export"
    }
  }

  /// A product's fields: its own (``productFields``), then each column of the export not
  /// named like one of them, with the first value the product's rows give it. The
  /// description is added apart, as markup.
  private static func fields(
    of product: ShopProduct, header: [String], options: CSVOptions, price write: (Double) -> String
  ) -> [(name: String, value: String)] {
    let numbers = product.prices.map(\.price)
    var price = ""
    var lowest = ""
    var highest = ""
    var compareAt = ""
    if let low = numbers.min(), let high = numbers.max() {
      lowest = write(low)
      highest = write(high)
      price = low == high ? lowest : "\(options.prices.from) \(lowest)"
      // The cheapest variant's price before its reduction, when it had one.
      let cheapest = product.prices.first { $0.price == low }
      if let old = cheapest?.compareAt.flatMap(ShopProduct.number), old > low { compareAt = write(old) }
    }
    var fields: [(name: String, value: String)] = [
      ("title", product.title), ("name", product.title), ("price", price), ("price-min", lowest),
      ("price-max", highest), ("compare-at", compareAt), ("sku", product.skus.first ?? ""),
      ("skus", product.skus.joined(separator: ", ")), ("vendor", product.vendor), ("type", product.type),
      ("category", product.category), ("tags", product.tags), ("handle", product.handle),
      ("images", product.images.map(\.reference).joined(separator: "\n")),
      ("alt", product.images.first?.alt ?? ""),
    ]
    let own = Set(productFields)
    var seen = Set<String>()
    for name in header where !name.isEmpty && !own.contains(name) && seen.insert(name).inserted {
      fields.append((name, product.columns[name] ?? ""))
    }
    return fields.filter { !$0.value.isEmpty }
  }

  /// A product's link (also its `{url}`): `template` with its fields put in (`{handle}`),
  /// else the export's own `url` or `link` column, if it has one.
  private static func linkOf(
    _ product: ShopProduct, fields: [(name: String, value: String)], template: String?
  )
    -> String
  {
    guard let template else {
      return ["url", "URL", "link", "Link", "External URL"].lazy.compactMap { product.columns[$0] }.first
        ?? ""
    }
    var link = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      link += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      let value = fields.first { $0.name == name }?.value ?? product.columns[name] ?? ""
      link += value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? value
      rest = rest[rest.index(after: close)...]
    }
    return link + rest
  }

  /// The columns of an export by name.
  struct Table {
    let header: [String]
    private let index: [String: Int]

    init(header: [String]) {
      self.header = header
      var index: [String: Int] = [:]
      for (position, name) in header.enumerated() where index[name] == nil { index[name] = position }
      self.index = index
    }

    /// The trimmed value of the column `name` in `fields` ("" when there is none).
    func value(_ name: String, _ fields: [String]) -> String {
      guard let position = index[name], position < fields.count else { return "" }
      return CSVCatalogReader.trimmed(fields[position])
    }

    /// Gives `product` each column's value in `fields` that it has none for yet.
    func fill(_ product: inout ShopProduct, from fields: [String]) {
      for (position, name) in header.enumerated()
      where position < fields.count && product.columns[name] == nil {
        let value = CSVCatalogReader.trimmed(fields[position])
        if !value.isEmpty { product.columns[name] = value }
      }
    }
  }

  /// Shopify's rows gathered by `Handle`: the row with a `Title` gives the product's text,
  /// every row with a `Variant Price` a variant, every row with an `Image Src` a picture (in
  /// `Image Position` order).
  static func shopifyProducts(
    _ rows: [(line: Int, fields: [String])], table: Table, path: String, leftOut: inout MalformedRows
  ) -> [ShopProduct] {
    var products: [ShopProduct] = []
    var byHandle: [String: Int] = [:]
    var positions: [[Int]] = []
    for row in rows {
      let fields = row.fields
      let handle = table.value("Handle", fields)
      guard !handle.isEmpty else {
        leftOut.add("\(path):\(row.line): this row has no Handle, so it belongs to no product")
        continue
      }
      let number: Int
      if let known = byHandle[handle] {
        number = known
      } else {
        number = products.count
        byHandle[handle] = number
        var product = ShopProduct(line: row.line)
        product.handle = handle
        products.append(product)
        positions.append([])
      }
      table.fill(&products[number], from: fields)
      let title = table.value("Title", fields)
      if !title.isEmpty && products[number].title.isEmpty {
        products[number].title = title
        products[number].description = HTMLMarkup.markup(table.value("Body (HTML)", fields))
        products[number].vendor = table.value("Vendor", fields)
        products[number].type = table.value("Type", fields)
        products[number].tags = table.value("Tags", fields)
        let category = table.value("Product Category", fields)
        let type = products[number].type
        // The shop's own type, else the deepest level of Shopify's category, else a collection.
        products[number].category =
          !type.isEmpty
          ? type
          : category.isEmpty
            ? table.value("Collection", fields)
            : String(category.split(separator: ">").last ?? "").trimmingCharacters(in: .whitespaces)
      }
      let price = table.value("Variant Price", fields)
      if let amount = ShopProduct.number(price) {
        let compare = table.value("Variant Compare At Price", fields)
        products[number].prices.append((amount, compare.isEmpty ? nil : compare))
      }
      let sku = table.value("Variant SKU", fields)
      if !sku.isEmpty { products[number].skus.append(sku) }
      let image = table.value("Image Src", fields)
      if !image.isEmpty && !products[number].images.contains(where: { $0.reference == image }) {
        products[number].images.append((image, table.value("Image Alt Text", fields)))
        positions[number].append(Int(table.value("Image Position", fields)) ?? Int.max)
      }
      let variantImage = table.value("Variant Image", fields)
      if !variantImage.isEmpty && !products[number].images.contains(where: { $0.reference == variantImage }) {
        products[number].images.append((variantImage, ""))
        positions[number].append(Int.max)
      }
    }
    // Pictures in their positions; those without one after, in file order.
    for number in products.indices where positions[number].count > 1 {
      let order = positions[number].indices.sorted {
        (positions[number][$0], $0) < (positions[number][$1], $1)
      }
      products[number].images = order.map { products[number].images[$0] }
    }
    return products
  }

  /// WooCommerce's rows: each product its own row, each variation gathered into the product its
  /// `Parent` names (`id:12` or the product's SKU); a variation whose product is not in the
  /// file becomes a product of its own, with a warning.
  static func wooCommerceProducts(
    _ rows: [(line: Int, fields: [String])], table: Table, path: String, catalog: inout Catalog
  ) -> [ShopProduct] {
    var products: [ShopProduct] = []
    var byKey: [String: Int] = [:]
    var variations: [(line: Int, parent: String, fields: [String])] = []
    for row in rows {
      let fields = row.fields
      let types = table.value("Type", fields).lowercased()
      let parent = table.value("Parent", fields)
      if types.contains("variation") && !parent.isEmpty {
        variations.append((row.line, parent, fields))
        continue
      }
      var product = ShopProduct(line: row.line)
      table.fill(&product, from: fields)
      product.title = table.value("Name", fields)
      let short = table.value("Short description", fields)
      product.description = HTMLMarkup.markup(short.isEmpty ? table.value("Description", fields) : short)
      product.tags = table.value("Tags", fields)
      // The first category, at its deepest level (`Furniture > Tables, Sale` is Tables).
      let first = table.value("Categories", fields).split(separator: ",").first ?? ""
      product.category = String(first.split(separator: ">").last ?? "").trimmingCharacters(in: .whitespaces)
      product.images = table.value("Images", fields).split(separator: ",").map {
        (String($0).trimmingCharacters(in: .whitespaces), "")
      }.filter { !$0.0.isEmpty }
      addVariant(&product, fields, table: table)
      let id = table.value("ID", fields)
      let sku = table.value("SKU", fields)
      if !id.isEmpty { byKey["id:" + id] = products.count }
      if !sku.isEmpty && byKey[sku] == nil { byKey[sku] = products.count }
      products.append(product)
    }
    var orphans: [Int] = []
    for variation in variations {
      guard let number = byKey[variation.parent] else {
        orphans.append(variation.line)
        var product = ShopProduct(line: variation.line)
        table.fill(&product, from: variation.fields)
        product.title = table.value("Name", variation.fields)
        addVariant(&product, variation.fields, table: table)
        products.append(product)
        continue
      }
      addVariant(&products[number], variation.fields, table: table)
      let image = table.value("Images", variation.fields)
      if !image.isEmpty && products[number].images.isEmpty { products[number].images = [(image, "")] }
    }
    // Products in the file's order, a variation shown alone where it is.
    products.sort { $0.line < $1.line }
    if !orphans.isEmpty {
      catalog.warnings.append(
        "\(path): \(CSVCatalogReader.rows(orphans, singular: "the variation of row", plural: "the variations of rows")) a Parent that is not in the file, so \(orphans.count == 1 ? "it is" : "each is") shown as a product of its own"
      )
    }
    return products
  }

  /// Adds the price and SKU of a WooCommerce row (a simple product's, or a variation's) to
  /// `product`: its sale price when it has one (its regular price then the compare-at).
  private static func addVariant(_ product: inout ShopProduct, _ fields: [String], table: Table) {
    let regular = table.value("Regular price", fields)
    let sale = table.value("Sale price", fields)
    if let price = ShopProduct.number(sale.isEmpty ? regular : sale) {
      product.prices.append((price, sale.isEmpty ? nil : regular))
    }
    let sku = table.value("SKU", fields)
    if !sku.isEmpty && !product.skus.contains(sku) { product.skus.append(sku) }
  }
}
