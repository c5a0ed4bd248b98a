/// How one layout mode puts the measured cards and banners on pages. A new mode is one type
/// conforming to this (in a file of its own), its case in ``LayoutMode``, and its line in
/// ``LayoutMode/placer``.
protocol ModePlacer {
  /// How far odd rows shift sideways, as a fraction of the column width (0 for none): the
  /// columns are made narrower to leave room for it.
  static func rowShift(_ options: LayoutOptions) -> Double

  /// Places `input`'s cards and banners on `pages`, in the columns of `geometry`; a mode whose
  /// cards are not a column wide measures their captions again with `measurer`.
  ///
  /// - Returns: What placing did (cards scaled to fit, columns' spread), for the layout's record.
  /// - Throws: ``LayoutError`` when a card cannot fit a page.
  static func place(
    _ input: borrowing MeasuredInput, options: LayoutOptions, geometry: ColumnGeometry,
    measurer: some TextMeasuring, into pages: inout PageAccumulator
  ) throws -> PlacementFigures
}

extension ModePlacer {
  static func rowShift(_ options: LayoutOptions) -> Double { 0 }
}

extension LayoutMode {
  /// Each mode's placer: the registration of the modes.
  var placer: any ModePlacer.Type {
    switch self {
    case .waterfall: WaterfallMode.self
    case .staggered: StaggeredMode.self
    case .grid: GridMode.self
    case .justified: JustifiedMode.self
    }
  }
}
