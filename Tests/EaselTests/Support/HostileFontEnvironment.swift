import Foundation

/// An environment in which every fontconfig setting a user or a machine can change is set against
/// us: `$HOME`, `$XDG_CONFIG_HOME` and `$FONTCONFIG_FILE` configs that turn antialiasing off, hint
/// fully with the autohinter, set an RGB subpixel order and prepend a serif family with a strong
/// binding; an extra font directory in `~/.fonts` and `~/.local/share/fonts` holding a font that is
/// not one of ours; a preferred language of Japanese (other CJK glyph forms).
///
/// Pixels rendered under it must equal pixels rendered without it (see FontConfigurationTests and
/// SnapshotCommandTests); `EASEL_FONTCONFIG=system` under it must differ, which proves it hostile.
enum HostileFontEnvironment {
    static func make(test: String = #function) throws -> [String: String] {
        let root = try TestPaths.scratch("hostile-" + test)
        let fm = FileManager.default
        let home = root + "/home", xdg = root + "/xdg"
        let fonts = [home + "/.fonts", home + "/.local/share/fonts"]
        for dir in [home + "/.config/fontconfig", xdg + "/fontconfig", root + "/cache"] + fonts {
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
        }
        // A font that is not ours, "newly installed" where fontconfig looks by default.
        for candidate in ["/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
        where fm.fileExists(atPath: candidate) {
            for dir in fonts { try? fm.copyItem(atPath: candidate, toPath: dir + "/" + (candidate as NSString).lastPathComponent) }
        }
        let nasty = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <dir>/usr/share/fonts</dir>
          \(fonts.map { "<dir>\($0)</dir>" }.joined())
          <cachedir>\(root)/cache</cachedir>
          <match target="pattern">
            <edit name="family" mode="prepend" binding="strong"><string>DejaVu Serif</string><string>Noto Serif CJK JP</string></edit>
          </match>
          <alias binding="strong"><family>sans-serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
          <match target="font">
            <edit name="antialias" mode="assign"><bool>false</bool></edit>
            <edit name="hinting" mode="assign"><bool>true</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintfull</const></edit>
            <edit name="autohint" mode="assign"><bool>true</bool></edit>
            <edit name="rgba" mode="assign"><const>rgb</const></edit>
            <edit name="lcdfilter" mode="assign"><const>lcdlegacy</const></edit>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
          </match>
        </fontconfig>
        """
        for path in [home + "/.config/fontconfig/fonts.conf", home + "/.fonts.conf", xdg + "/fontconfig/fonts.conf",
                     root + "/fonts.conf"] {
            try nasty.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return ["HOME": home, "XDG_CONFIG_HOME": xdg, "XDG_DATA_HOME": home + "/.local/share",
                "FONTCONFIG_FILE": root + "/fonts.conf", "FONTCONFIG_PATH": root,
                "LANGUAGE": "ja", "PANGO_LANGUAGE": "ja", "LANG": "ja_JP.UTF-8"]
    }
}
