import Foundation
import SheetXMP
import Testing

@testable import ContactSheet

@Suite("Proofing pieces")
struct ProofingUnitTests {
  @Test("{rating} shows filled and empty stars; unrated is empty so a default can show")
  func stars() {
    #expect(CaptionFields.stars(3) == "★★★☆☆")
    #expect(CaptionFields.stars(5) == "★★★★★")
    #expect(CaptionFields.stars(0) == nil)
    #expect(CaptionFields.stars(-1) == "rejected")
  }

  @Test("labels map to colours by name and by Bridge's names; others are grey")
  func labelColours() {
    #expect(LabelColors.colourName(of: "Select") == "red")
    #expect(LabelColors.hex(of: "Red") == LabelColors.hex(of: "select"))
    #expect(LabelColors.hex(of: "To Do") == LabelColors.colours["purple"])
    #expect(LabelColors.hex(of: "Client A") == LabelColors.otherColour)
  }

  @Test("pairs: RAW and JPEG of one stem pair up, other formats and lone files stay")
  func pairs() {
    let names = ["A.JPG", "A.NEF", "B.cr2", "C.jpg", "C.png", "D.dng", "D.jpeg"]
    let jpeg = RawJPEGPairs(names: names, choice: .jpeg)
    #expect(jpeg.shown.keys.sorted() == ["A.JPG", "B.cr2", "C.jpg", "C.png", "D.jpeg"])
    #expect(jpeg.shown["A.JPG"] == .some("A.NEF"))
    #expect(jpeg.hidden.map(\.name) == ["A.NEF", "D.dng"])
    let raw = RawJPEGPairs(names: names, choice: .raw)
    #expect(raw.shown.keys.sorted() == ["A.NEF", "B.cr2", "C.jpg", "C.png", "D.dng"])
    #expect(RawJPEGPairs(names: names, choice: .both).hidden.isEmpty)
  }

  @Test("the skipped summary puts the most common reason first and names unreadable files")
  func tally() {
    var tally = SkipTally()
    tally.add(.unreadable, file: "/x/a.jpg")
    tally.add(.unsupported(extension: "psd"), file: "/x/b.psd")
    tally.add(.unsupported(extension: "psd"), file: "/x/c.psd")
    #expect(tally.total == 3)
    #expect(tally.summary == "2 .psd (unsupported format), 1 unreadable (a.jpg)")
  }

  @Test("the filter: rejected out by default, unrated counts as 0, labels by name or colour")
  func filter() throws {
    let filter = try RatingFilter(minRating: 2, labels: "Green, none", includeRejected: false)
    #expect(filter.exclusion(XMPTags(rating: -1)) == .rejected)
    #expect(filter.exclusion(nil) == .belowRating)
    #expect(filter.exclusion(XMPTags(rating: 3)) == nil)
    #expect(filter.exclusion(XMPTags(rating: 3, label: "Approved")) == nil)
    #expect(filter.exclusion(XMPTags(rating: 3, label: "Red")) == .otherLabel)
    let keepRejected = try RatingFilter(minRating: nil, labels: nil, includeRejected: true)
    #expect(keepRejected.exclusion(XMPTags(rating: -1)) == nil)
    #expect(throws: InputError.self) { try RatingFilter(minRating: -1, labels: nil, includeRejected: false) }
  }

  @Test("frames count per folder in natural name order")
  func frames() {
    var entries: [CatalogEntry] = ["a/img10.jpg", "b/x.jpg", "a/img2.jpg", "a/img1.jpg"].map {
      .item(CatalogItem(path: $0))
    }
    ProofSections.numberFrames(&entries)
    let numbered = entries.compactMap { entry -> Int? in
      if case .item(let item) = entry { return item.frame }
      return nil
    }
    #expect(numbered == [3, 1, 2, 1])
  }
}
