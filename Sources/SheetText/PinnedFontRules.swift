/// Fontconfig rules that a pinned font set needs but does not get, since it skips the machine's
/// configuration files.
enum PinnedFontRules {
  /// Scales bitmap fonts (colour emoji) to the size asked for, as the system's
  /// `10-scale-bitmap-fonts.conf` does: fontconfig computes the factor between the wanted and
  /// the available pixel size and puts it in the font's matrix.
  static let bitmapScaling = """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
    <fontconfig>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <edit name="pixelsizefixupfactor" mode="assign">
          <divide>
            <name target="pattern">pixelsize</name>
            <name target="font">pixelsize</name>
          </divide>
        </edit>
      </match>
      <match target="font">
        <test name="outline" compare="eq"><bool>false</bool></test>
        <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
        <edit name="matrix" mode="assign">
          <times>
            <name>matrix</name>
            <matrix>
              <name>pixelsizefixupfactor</name> <double>0</double>
              <double>0</double> <name>pixelsizefixupfactor</name>
            </matrix>
          </times>
        </edit>
        <edit name="size" mode="assign">
          <divide><name>size</name><name>pixelsizefixupfactor</name></divide>
        </edit>
      </match>
    </fontconfig>
    """
}
