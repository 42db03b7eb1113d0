import CFontconfig
import Glibc

/// The renderer's own fontconfig setup: the fonts and rasterisation every render uses, whatever the
/// machine or the user has configured.
///
/// Without it, a user's `~/.config/fontconfig/fonts.conf` (hinting, antialiasing, subpixel order,
/// aliases), `$FONTCONFIG_FILE` or a newly installed font changes the pixels of the same render, and
/// snapshots could not be compared across machines. So the host never loads the system's or the
/// user's configuration. It builds one from ``configurationText`` in memory and makes it fontconfig's
/// current configuration, before Pango or Cairo first ask fontconfig for anything:
///
/// - **Fonts:** only the files of the packages `Scripts/install-deps` installs: Noto Sans CJK and Noto
///   Serif CJK (regular and bold, `fonts-noto-cjk`) and Noto Color Emoji (`fonts-noto-color-emoji`),
///   in their Debian directories. Every other file — in those directories or anywhere else, in
///   `~/.fonts` or `~/.local/share/fonts` — is rejected, so installing a font changes nothing.
/// - **Families:** `sans-serif`, `system-ui` and unknown names resolve to Noto Sans CJK SC, `serif` to
///   Noto Serif CJK SC, `monospace` to Noto Sans Mono CJK SC, each followed by Noto Color Emoji.
/// - **Rasterisation:** grey antialiasing (outlines), no hinting (neither the font's nor the autohinter), no
///   subpixel order and no LCD filter, embedded bitmaps on and scaled to the size asked for (the
///   colour emoji are bitmaps), no synthetic emboldening.
///
/// The program calls ``pin()`` first thing (`host` does so in `main.swift`, before any command or the
/// worker loop runs), so worker processes pin it too: a re-executed worker runs the same `main`, and
/// a forked one inherits the configuration from its parent's memory. The renderer also calls it
/// before its first text layout (``ensurePinned()``), for programs that forgot.
///
/// `EASEL_FONTCONFIG=system` turns pinning off (the system's and the user's fontconfig setup apply,
/// as in any GTK program): for a designer who wants their own fonts. Snapshots need the pinned setup.
package enum FontConfiguration {
    /// Whether the renderer uses its pinned setup or the system's.
    package enum Mode: String, Sendable {
        case pinned, system
    }

    /// The environment variable that selects ``Mode/system``.
    package static let environmentVariable = "EASEL_FONTCONFIG"

    /// Font files the pinned setup uses: file name → the directories it may live in.
    package static let fontFiles: [(file: String, directory: String, package: String)] = [
        ("NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto", "fonts-noto-cjk"),
        ("NotoSansCJK-Bold.ttc", "/usr/share/fonts/opentype/noto", "fonts-noto-cjk"),
        ("NotoSerifCJK-Regular.ttc", "/usr/share/fonts/opentype/noto", "fonts-noto-cjk"),
        ("NotoSerifCJK-Bold.ttc", "/usr/share/fonts/opentype/noto", "fonts-noto-cjk"),
        ("NotoColorEmoji.ttf", "/usr/share/fonts/truetype/noto", "fonts-noto-color-emoji"),
    ]

    /// The fontconfig configuration the renderer uses (fonts.conf syntax).
    package static var configurationText: String {
        let directories = Set(fontFiles.map(\.directory)).sorted()
        let accepted = fontFiles.map { "      <glob>\($0.directory)/\($0.file)</glob>" }.joined(separator: "\n")
        func alias(_ generic: String, _ family: String) -> String {
            """
              <alias binding="strong">
                <family>\(generic)</family>
                <prefer><family>\(family)</family><family>Noto Color Emoji</family></prefer>
              </alias>
            """
        }
        return """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <!-- Easel's pinned font setup (EaselRender/FontConfiguration.swift). No <include>: neither the
             system's nor the user's configuration is read. -->
        <fontconfig>
        \(directories.map { "  <dir>\($0)</dir>" }.joined(separator: "\n"))
          <cachedir>/var/cache/fontconfig</cachedir>
          <cachedir prefix="xdg">fontconfig</cachedir>
          <selectfont>
            <rejectfont><glob>*</glob></rejectfont>
            <acceptfont>
        \(accepted)
            </acceptfont>
          </selectfont>
        \(alias("sans-serif", "Noto Sans CJK SC"))
        \(alias("system-ui", "Noto Sans CJK SC"))
        \(alias("serif", "Noto Serif CJK SC"))
        \(alias("monospace", "Noto Sans Mono CJK SC"))
          <!-- Any other family name falls back to sans-serif, then to the emoji. -->
          <match target="pattern">
            <edit name="family" mode="append_last"><string>sans-serif</string></edit>
          </match>
          <match target="font">
            <edit name="hinting" mode="assign"><bool>false</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintnone</const></edit>
            <edit name="autohint" mode="assign"><bool>false</bool></edit>
            <edit name="rgba" mode="assign"><const>none</const></edit>
            <edit name="lcdfilter" mode="assign"><const>lcdnone</const></edit>
            <edit name="embeddedbitmap" mode="assign"><bool>true</bool></edit>
            <edit name="embolden" mode="assign"><bool>false</bool></edit>
          </match>
          <!-- Grey antialiasing for outlines. (Assigning it to the colour emoji makes Cairo drop them.) -->
          <match target="font">
            <test name="color"><bool>false</bool></test>
            <edit name="antialias" mode="assign"><bool>true</bool></edit>
          </match>
          <!-- Bitmap fonts (the colour emoji has 109-pixel strikes) are scaled to the size asked for. -->
          <match target="font">
            <test name="outline"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline"><bool>false</bool></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
        </fontconfig>
        """
    }

    /// What pinning did: fontconfig's current configuration is process-wide, so it is made once
    /// (Swift runs a static's initializer once, whichever thread asks first).
    private struct Outcome: Sendable {
        var mode: Mode = .system
        var missingFonts: [String] = []
        var failure: String?
    }
    private static let outcome = configure()

    /// The mode in force (read from the environment when ``pin()`` first runs).
    package static var mode: Mode { outcome.mode }
    /// Pinned font files that are not installed, with the package that provides each ("file (package)").
    package static var missingFonts: [String] { outcome.missingFonts }
    /// Why pinning failed, if it did (the system's setup is then in force).
    package static var failure: String? { outcome.failure }

    /// Makes the pinned configuration fontconfig's current one (once; call it before anything renders
    /// text, and before worker processes are forked, so that they inherit it).
    package static func pin() { _ = outcome }

    private static func configure() -> Outcome {
        var outcome = Outcome()
        if let value = getenv(environmentVariable).map({ String(cString: $0) }), value == Mode.system.rawValue {
            return outcome
        }
        outcome.missingFonts = fontFiles.filter { access("\($0.directory)/\($0.file)", R_OK) != 0 }
            .map { "\($0.directory)/\($0.file) (\($0.package))" }
        guard let config = FcConfigCreate() else {
            outcome.failure = "fontconfig could not create a configuration"
            return outcome
        }
        // A sysroot from $FONTCONFIG_SYSROOT would move every path.
        FcConfigSetSysRoot(config, nil)
        let loaded = configurationText.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcConfigParseAndLoadFromMemory(config, $0, 1) }
        }
        guard loaded != 0, FcConfigBuildFonts(config) != 0, FcConfigSetCurrent(config) != 0 else {
            FcConfigDestroy(config)
            outcome.failure = "fontconfig rejected the pinned configuration"
            return outcome
        }
        FcConfigDestroy(config) // the current configuration holds its own reference
        outcome.mode = .pinned
        return outcome
    }

    /// ``pin()`` unless it already ran: the renderer calls this before its first text layout.
    package static func ensurePinned() { pin() }

    /// The font files fontconfig can use now (for tests and diagnostics), sorted.
    package static func availableFontFiles() -> [String] {
        guard let set = FcConfigGetFonts(nil, FcSetSystem)?.pointee else { return [] }
        var files = Set<String>()
        for i in 0..<Int(set.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(set.fonts[i], FC_FILE, 0, &file) == FcResultMatch, let file {
                files.insert(String(cString: file))
            }
        }
        return files.sorted()
    }
}
