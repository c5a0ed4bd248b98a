import ContactSheet

/// Which property of which flag group each style key fills.
extension InputFlags: StyleAdopting {
  static var styleBindings: [StyleBinding<InputFlags>] {
    [StyleBinding(StyleKeys.caption, \.caption)]
  }
}

extension LayoutFlags: StyleAdopting {
  static var styleBindings: [StyleBinding<LayoutFlags>] {
    [
      StyleBinding(StyleKeys.mode, \.mode), StyleBinding(StyleKeys.page, \.page),
      StyleBinding(StyleKeys.width, \.width), StyleBinding(StyleKeys.columns, \.columns),
      StyleBinding(StyleKeys.columnWidth, \.columnWidth), StyleBinding(StyleKeys.margin, \.margin),
      StyleBinding(StyleKeys.gutter, \.gutter), StyleBinding(StyleKeys.rowGap, \.rowGap),
      StyleBinding(StyleKeys.padding, \.padding), StyleBinding(StyleKeys.captionGap, \.captionGap),
      StyleBinding(StyleKeys.imageAspect, \.imageAspect),
      StyleBinding(StyleKeys.maxImageHeight, \.maxImageHeight),
      StyleBinding(StyleKeys.fit, \.fit), StyleBinding(StyleKeys.imageAlign, \.imageAlign),
      StyleBinding(StyleKeys.font, \.font),
      StyleBinding(StyleKeys.captionLines, \.captionLines), StyleBinding(StyleKeys.placement, \.placement),
      StyleBinding(StyleKeys.sectionStart, \.sectionStart),
      StyleBinding(StyleKeys.sectionOrder, \.sectionOrder),
      StyleBinding(StyleKeys.direction, \.direction), StyleBinding(StyleKeys.stagger, \.stagger),
      StyleBinding(StyleKeys.rowHeight, \.rowHeight),
      StyleBinding(StyleKeys.rowHeightTolerance, \.rowHeightTolerance),
      StyleBinding(StyleKeys.lastRow, \.lastRow), StyleBinding(StyleKeys.rowBreaker, \.rowBreaker),
      StyleBinding(StyleKeys.fullWidthEvery, \.fullWidthEvery),
      StyleBinding(StyleKeys.bannerEvery, \.bannerEvery),
      StyleBinding(StyleKeys.bannerTemplate, \.bannerTemplate),
      StyleBinding(StyleKeys.balance, \.balance), StyleBinding(StyleKeys.header, \.header),
      StyleBinding(StyleKeys.footer, \.footer), StyleBinding(StyleKeys.dpi, \.typedDPI),
      StyleBinding(StyleKeys.qr, \.qr), StyleBinding(StyleKeys.qrSize, \.qrSize),
      StyleBinding(StyleKeys.qrPosition, \.qrPosition), StyleBinding(StyleKeys.contents, \.contents),
      StyleBinding(StyleKeys.index, \.index), StyleBinding(StyleKeys.indexColumns, \.indexColumns),
      StyleBinding(StyleKeys.cover, \.cover),
      StyleBinding(StyleKeys.coverImage, \.coverImage), StyleBinding(StyleKeys.coverFit, \.coverFit),
      StyleBinding(StyleKeys.coverSubtitle, \.coverSubtitle),
      StyleBinding(StyleKeys.coverNote, \.coverNote), StyleBinding(StyleKeys.bannerStyle, \.bannerStyle),
      StyleBinding(StyleKeys.bannerFill, \.bannerFill),
    ]
  }
}

extension RenderFlags: StyleAdopting {
  static var styleBindings: [StyleBinding<RenderFlags>] {
    [
      StyleBinding(StyleKeys.cornerRadius, \.cornerRadius), StyleBinding(StyleKeys.border, \.border),
      StyleBinding(StyleKeys.shadowBlur, \.shadowBlur), StyleBinding(StyleKeys.shadowOffset, \.shadowOffset),
      StyleBinding(StyleKeys.shadowOpacity, \.shadowOpacity),
      StyleBinding(StyleKeys.shadowColor, \.shadowColor),
      StyleBinding(StyleKeys.noShadow, \.noShadow), StyleBinding(StyleKeys.showRating, \.showRating),
      StyleBinding(StyleKeys.logo, \.logo), StyleBinding(StyleKeys.logoPosition, \.logoPosition),
      StyleBinding(StyleKeys.logoHeight, \.logoHeight), StyleBinding(StyleKeys.watermark, \.watermark),
      StyleBinding(StyleKeys.watermarkOpacity, \.watermarkOpacity),
      StyleBinding(StyleKeys.background, \.background),
      StyleBinding(StyleKeys.cardColor, \.cardColor), StyleBinding(StyleKeys.captionColor, \.captionColor),
      StyleBinding(StyleKeys.ppi, \.ppi), StyleBinding(StyleKeys.jpegQuality, \.jpegQuality),
      StyleBinding(StyleKeys.minPPI, \.minPPI),
      StyleBinding(StyleKeys.title, \.title),
      StyleBinding(StyleKeys.author, \.author), StyleBinding(StyleKeys.subject, \.subject),
      StyleBinding(StyleKeys.keywords, \.keywords), StyleBinding(StyleKeys.bleed, \.bleed),
      StyleBinding(StyleKeys.cropMarks, \.cropMarks), StyleBinding(StyleKeys.lang, \.lang),
      StyleBinding(StyleKeys.textContents, \.textContents), StyleBinding(StyleKeys.textIndex, \.textIndex),
      StyleBinding(StyleKeys.textCover, \.textCover), StyleBinding(StyleKeys.textUntitled, \.textUntitled),
      StyleBinding(StyleKeys.textPages, \.textPages), StyleBinding(StyleKeys.textNoImage, \.textNoImage),
      StyleBinding(StyleKeys.textCannotShow, \.textCannotShow),
      StyleBinding(StyleKeys.textFileDate, \.textFileDate),
      StyleBinding(StyleKeys.textContinued, \.textContinued), StyleBinding(StyleKeys.textOther, \.textOther),
      StyleBinding(StyleKeys.textFrom, \.textFrom),
      StyleBinding(StyleKeys.fileDate, \.fileDate),
      StyleBinding(StyleKeys.pdfx, \.pdfx),
      StyleBinding(StyleKeys.tagged, \.tagged),
      StyleBinding(StyleKeys.outputIntent, \.outputIntent), StyleBinding(StyleKeys.icc, \.icc),
    ]
  }
}

extension FontFlags: StyleAdopting {
  static var styleBindings: [StyleBinding<FontFlags>] {
    [StyleBinding(StyleKeys.fontFile, \.fontFile)]
  }
}
