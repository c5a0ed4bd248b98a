import Foundation
import SheetLayout

/// A document's pages while they are drawn: each page's elements, and the render item and
/// caption of each card on it, held until the page is drawn and released then, so memory does
/// not grow with the pages already drawn (a 10,000-page catalog held about 0.9 KB a page of
/// them until its end before).
///
/// The drawing thread reads a page, draws it and releases it; decode workers read the cards
/// of pages not drawn yet to make their image jobs. Both go through a lock. The arrays are
/// only emptied in place when nothing else holds them: ``SheetRenderer`` takes its document
/// by `consuming` for that.
final class PagesToDraw: @unchecked Sendable {
  /// Layout items in one chunk: a chunk's arrays are dropped once all its cards are drawn, so
  /// the per-item slots do not stay for the whole run either.
  let chunkSize: Int

  /// The render items and captions of `chunkSize` consecutive layout items.
  private struct Chunk {
    var items: [RenderItem]
    var captions: [String]
    /// Whether each item's card is drawn (and its item and caption released).
    var drawn: [Bool]
    /// Items whose card is not drawn yet.
    var remaining: Int
  }

  private let lock = NSLock()
  private var pages: [LayoutPage]
  /// Nil once every card of the chunk is drawn.
  private var chunks: [Chunk?]
  /// The image the cover's picture shows.
  let coverImage: String?

  /// Takes the pages, items and captions of `document`, keeping the items in chunks of
  /// `chunkSize`.
  init(_ document: consuming SheetDocument, chunkSize: Int = 1024) {
    self.chunkSize = max(1, chunkSize)
    pages = document.layout.pages
    let items = document.items
    let placed = document.layout.items
    let count = min(items.count, placed.count)
    let size = self.chunkSize
    chunks = stride(from: 0, to: count, by: size).map { start in
      let range = start..<min(start + size, count)
      return Chunk(
        items: Array(items[range]), captions: placed[range].map(\.caption),
        drawn: Array(repeating: false, count: range.count), remaining: range.count)
    }
    coverImage = document.coverImage
  }

  /// The page `index` (from 0) as laid out; once released, its size and no elements.
  func page(_ index: Int) -> LayoutPage {
    lock.withLock { pages[index] }
  }

  /// Element `element` of page `page`, which must not have been released.
  func element(page: Int, element: Int) -> LayoutElement {
    lock.withLock { pages[page].elements[element] }
  }

  /// What the card of layout item `index` shows: its render item and caption; nil when the
  /// document has no such item (or its card was drawn already: the layout places an item on
  /// one card at most).
  func card(_ index: Int) -> (item: RenderItem, caption: String)? {
    lock.withLock {
      guard index >= 0, chunks.indices.contains(index / chunkSize),
        let chunk = chunks[index / chunkSize], chunk.items.indices.contains(index % chunkSize),
        !chunk.drawn[index % chunkSize]
      else { return nil }
      return (chunk.items[index % chunkSize], chunk.captions[index % chunkSize])
    }
  }

  /// Releases page `index`: its elements, and the item and caption of each card on it.
  func release(page index: Int) {
    lock.withLock {
      for element in pages[index].elements where element.kind == .card {
        guard let item = element.item, item >= 0, chunks.indices.contains(item / chunkSize) else {
          continue
        }
        let slot = item % chunkSize
        guard var chunk = chunks[item / chunkSize], chunk.items.indices.contains(slot), !chunk.drawn[slot]
        else { continue }
        // Taken out while it changes, so its arrays are changed in place.
        chunks[item / chunkSize] = nil
        chunk.items[slot] = RenderItem(path: nil)
        chunk.captions[slot] = ""
        chunk.drawn[slot] = true
        chunk.remaining -= 1
        if chunk.remaining > 0 { chunks[item / chunkSize] = chunk }
      }
      pages[index].elements = []
    }
  }

  /// How many elements are still held, over all pages.
  var heldElements: Int {
    lock.withLock { pages.reduce(0) { $0 + $1.elements.count } }
  }

  /// How many items (with their captions) are still held: those of chunks not dropped yet,
  /// drawn or not.
  var heldItems: Int {
    lock.withLock { chunks.reduce(0) { $0 + ($1?.items.count ?? 0) } }
  }
}
