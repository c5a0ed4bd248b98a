extension Layout {
  /// For each page, the section its first card belongs to (what a running head shows), or nil
  /// when the page has no card or its first card comes before any section.
  ///
  /// Sections become banners only in the layout, so a card's section is the one named by the
  /// last section banner before it in reading order (pages in order, elements in order).
  public func firstCardSections() -> [String?] {
    var current: String?
    return pages.map { page in
      var first: String??
      for element in page.elements {
        if element.kind == .banner, let section = element.section { current = section }
        if element.kind == .card, first == nil { first = .some(current) }
      }
      return first ?? nil
    }
  }
}
