import SheetImages
import Testing

@Suite("EXIF orientation")
struct OrientationTests {
  static let red = (220, 30, 30)
  static let green = (30, 170, 60)
  static let blue = (40, 60, 210)
  static let yellow = (240, 210, 40)

  @Test("the header reports the upright size for all eight orientations", arguments: 1...8)
  func uprightSize(orientation: Int) throws {
    let info = try ImageReader.header(path: ImageFixtures.orientation(orientation))
    #expect(info.orientation.rawValue == orientation)
    #expect(info.width == 64 && info.height == 32)
    let stored = orientation >= 5 ? (32, 64) : (64, 32)
    #expect(info.storedWidth == stored.0 && info.storedHeight == stored.1)
  }

  @Test("decoding turns the pixels upright: the same picture from every orientation", arguments: 1...8)
  func uprightPixels(orientation: Int) throws {
    let image = try ImageReader.decode(path: ImageFixtures.orientation(orientation))
    #expect(image.width == 64 && image.height == 32)
    #expect(image.isClose(16, 10, to: Self.red))
    #expect(image.isClose(48, 8, to: Self.green))
    #expect(image.isClose(16, 24, to: Self.blue))
    #expect(image.isClose(48, 24, to: Self.yellow))
    // The black bar runs along the top edge of the red quadrant, not along a side.
    #expect(image.isClose(16, 1, to: (0, 0, 0), tolerance: 24))
    #expect(image.isClose(1, 10, to: Self.red, tolerance: 24))
  }

  @Test(
    "shrink-on-load asks for the stored size, so a sideways photo still comes out at least the size asked")
  func shrinkSideways() throws {
    let image = try ImageReader.decode(path: ImageFixtures.orientation(6), minimumSize: (16, 8))
    #expect(image.width >= 16 && image.height >= 8 && image.width > image.height)
  }
}
