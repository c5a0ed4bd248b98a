/// Changed pixels gathered into 16×16 cells, then into regions: cells that touch (including
/// diagonally) form one region, reported as the bounding box of its changed pixels. Cheap, and
/// close enough to connected components for a reviewer: pixels up to a cell apart merge.
struct DiffGrid {
  static let cellSize = 16

  let columns: Int
  let rows: Int
  /// Per cell: the changed pixel count, and the bounding box of those pixels as four numbers
  /// (min x, min y, max x, max y, inclusive).
  private var counts: [Int32]
  private var boxes: [Int32]

  init(width: Int, height: Int) {
    columns = (width + Self.cellSize - 1) / Self.cellSize
    rows = (height + Self.cellSize - 1) / Self.cellSize
    counts = Array(repeating: 0, count: columns * rows)
    boxes = Array(repeating: 0, count: columns * rows * 4)
  }

  /// Calls `body` with a writer that records changed pixels; workers may share it as long as
  /// each writes only cells of its own rows.
  mutating func withWriter<Result>(_ body: (Writer) throws -> Result) rethrows -> Result {
    let columns = columns
    return try counts.withUnsafeMutableBufferPointer { counts in
      try boxes.withUnsafeMutableBufferPointer { boxes in
        try body(Writer(counts: counts.baseAddress!, boxes: boxes.baseAddress!, columns: columns))
      }
    }
  }

  /// Records changed pixels into the grid's storage.
  struct Writer {
    let counts: UnsafeMutablePointer<Int32>
    let boxes: UnsafeMutablePointer<Int32>
    let columns: Int

    @inline(__always) func add(x: Int, y: Int) {
      let cell = (y / DiffGrid.cellSize) * columns + x / DiffGrid.cellSize
      let box = boxes + cell * 4
      if counts[cell] == 0 {
        box[0] = Int32(x)
        box[1] = Int32(y)
        box[2] = Int32(x)
        box[3] = Int32(y)
      } else {
        box[0] = min(box[0], Int32(x))
        box[1] = min(box[1], Int32(y))
        box[2] = max(box[2], Int32(x))
        box[3] = max(box[3], Int32(y))
      }
      counts[cell] &+= 1
    }
  }

  /// How many pixels cell `cell` holds.
  func count(cell: Int) -> Int { Int(counts[cell]) }

  /// The pixels of cell `cell` inside its recorded bounding box (a superset of those recorded).
  func pixels(cell: Int) -> [(Int, Int)] {
    guard counts[cell] > 0 else { return [] }
    let box = boxes[cell * 4..<cell * 4 + 4].map(Int.init)
    var result: [(Int, Int)] = []
    for y in box[1]...box[3] { for x in box[0]...box[2] { result.append((x, y)) } }
    return result
  }

  /// Adds the cells of `other` holding at least `minimum` pixels to this grid (pixel counts
  /// and bounding boxes) and returns their indices.
  mutating func absorb(_ other: DiffGrid, minimum: Int) -> [Int] {
    var absorbed: [Int] = []
    for cell in other.counts.indices where other.counts[cell] >= Int32(minimum) {
      absorbed.append(cell)
      let box = cell * 4
      if counts[cell] == 0 {
        for index in 0..<4 { boxes[box + index] = other.boxes[box + index] }
      } else {
        boxes[box] = min(boxes[box], other.boxes[box])
        boxes[box + 1] = min(boxes[box + 1], other.boxes[box + 1])
        boxes[box + 2] = max(boxes[box + 2], other.boxes[box + 2])
        boxes[box + 3] = max(boxes[box + 3], other.boxes[box + 3])
      }
      counts[cell] += other.counts[cell]
    }
    return absorbed
  }

  /// The changed regions, most changed pixels first, and how many there are in all.
  func regions(limit: Int) -> (regions: [PixelRect], count: Int) {
    var seen = [Bool](repeating: false, count: counts.count)
    var found: [(rect: PixelRect, pixels: Int)] = []
    var stack: [Int] = []
    for start in counts.indices where counts[start] > 0 && !seen[start] {
      seen[start] = true
      stack.append(start)
      var pixels = 0
      var box = (minX: Int32.max, minY: Int32.max, maxX: Int32.min, maxY: Int32.min)
      while let cell = stack.popLast() {
        pixels += Int(counts[cell])
        box = (
          min(box.minX, boxes[cell * 4]), min(box.minY, boxes[cell * 4 + 1]),
          max(box.maxX, boxes[cell * 4 + 2]), max(box.maxY, boxes[cell * 4 + 3])
        )
        let column = cell % columns
        let row = cell / columns
        for neighbourRow in max(row - 1, 0)...min(row + 1, rows - 1) {
          for neighbourColumn in max(column - 1, 0)...min(column + 1, columns - 1) {
            let neighbour = neighbourRow * columns + neighbourColumn
            if counts[neighbour] > 0 && !seen[neighbour] {
              seen[neighbour] = true
              stack.append(neighbour)
            }
          }
        }
      }
      let rect = PixelRect(
        x: Int(box.minX), y: Int(box.minY), width: Int(box.maxX - box.minX) + 1,
        height: Int(box.maxY - box.minY) + 1)
      found.append((rect, pixels))
    }
    let sorted = found.sorted {
      $0.pixels != $1.pixels ? $0.pixels > $1.pixels : ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x)
    }
    return (sorted.prefix(limit).map(\.rect), found.count)
  }
}
