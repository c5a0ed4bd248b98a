import SheetLayout

/// The options most exact tests start from: a 330×1000 pt page, 10 pt margins, 3 columns of
/// 100 pt with 5 pt gutters and row gaps, 5 pt padding (images 90 pt wide), 2 pt caption gap.
func testOptions() -> LayoutOptions {
  LayoutOptions(
    page: .paper(width: 330, height: 1000), margins: EdgeInsets(all: 10), columns: .count(3),
    gutter: 5, rowGap: 5, padding: 5, captionGap: 2,
    captionStyle: TextStyle(font: "Fake 10", maxLines: 2), bannerStyle: TextStyle(font: "Fake 20"),
    bannerPadding: 4)
}

/// An item `width`×`height` pixels with an optional caption.
func item(_ width: Int, _ height: Int, _ caption: String = "", section: String? = nil) -> LayoutEntry {
  .item(LayoutItem(pixelWidth: width, pixelHeight: height, caption: caption, section: section))
}

/// Lays out `entries` with the fake measurer.
func layOut(_ entries: [LayoutEntry], _ options: LayoutOptions) throws -> Layout {
  try WaterfallLayout(options: options).layout(entries, measurer: FakeMeasurer())
}

/// The cards of a page.
func cards(_ page: LayoutPage) -> [LayoutElement] {
  page.elements.filter { $0.kind == .card }
}
