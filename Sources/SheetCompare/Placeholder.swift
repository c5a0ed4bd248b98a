// SheetCompare: see issue 6.
