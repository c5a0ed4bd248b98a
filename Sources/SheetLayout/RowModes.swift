/// `grid`: equal cells in rows, each image fitted inside its cell.
enum GridMode: ModePlacer {
  static func place(
    _ input: borrowing MeasuredInput, options: LayoutOptions, geometry: ColumnGeometry,
    measurer: some TextMeasuring, into pages: inout PageAccumulator
  ) throws -> PlacementFigures {
    try RowPlacer.place(input, options: options, geometry: geometry, fitsInside: true, into: &pages)
  }
}

/// `staggered`: equal cells in rows, odd rows shifted by `staggerOffset` of a cell's width;
/// images follow `imageFit`.
enum StaggeredMode: ModePlacer {
  static func rowShift(_ options: LayoutOptions) -> Double { options.staggerOffset }

  static func place(
    _ input: borrowing MeasuredInput, options: LayoutOptions, geometry: ColumnGeometry,
    measurer: some TextMeasuring, into pages: inout PageAccumulator
  ) throws -> PlacementFigures {
    try RowPlacer.place(
      input, options: options, geometry: geometry, fitsInside: options.imageFit == .letterbox, into: &pages)
  }
}
