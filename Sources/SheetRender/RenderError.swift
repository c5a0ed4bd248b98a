import SheetSupport

/// A failure to draw or write output.
public struct RenderError: Error, CustomStringConvertible, Sendable {
  /// What failed, naming the file or setting involved.
  public var description: String

  /// An error whose message is `description`.
  public init(_ description: String) {
    self.description = description
  }
}

extension AtomicOutput {
  /// Moves the output into place; a failure (a full disk, a folder that went away) becomes a
  /// `RenderError` naming the file, which the command reports as an output error.
  func commitOrThrowRenderError(removing stale: [String] = []) throws {
    do {
      try commit(removing: stale)
    } catch {
      throw RenderError(error.localizedDescription)
    }
  }
}
