import CFontconfig
import CPango
import Glibc

/// The renderer's own fontconfig setup: the fonts and rasterisation every render uses, whatever the
/// machine or the user has configured.
///
/// Without it, a user's `~/.config/fontconfig/fonts.conf` (hinting, antialiasing, subpixel order,
/// aliases), `$FONTCONFIG_FILE` or a newly installed font changes the pixels of the same render, and
/// snapshots could not be compared across machines. So the renderer never loads the system's or the
/// user's configuration. It builds one from ``configurationText`` in memory and lays text out with a
/// Pango font map of its own bound to it (``fontMap()``), whatever fontconfig's current configuration:
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
/// Two uses, one configuration:
/// - **Programs of ours** (`host`, its workers, `easel-bench`) call ``pin()`` first thing, which also
///   makes the configuration fontconfig's current one for the whole process, so that what else asks
///   fontconfig (librsvg laying out an SVG's text) sees the same fonts. Worker processes pin it too: a
///   re-executed worker runs the same `main`, and a forked one inherits it from its parent's memory.
/// - **Applications that embed the renderer** (easel-runtime, `EmbeddingRuntime`) call ``load()``:
///   the components' text uses the pinned fonts through ``fontMap()``, and the application's own text
///   (its toolkit's, through fontconfig's current configuration) keeps the system's and the user's
///   setup. Text inside an SVG image then follows the application's setup.
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

    /// What loading the configuration did. It is built once (Swift runs a static's initializer once,
    /// whichever thread asks first) and never freed: every font map and, after ``pin()``, fontconfig
    /// itself refer to it.
    private struct Outcome: Sendable {
        var mode: Mode = .system
        var missingFonts: [String] = []
        var failure: String?
        var configuration: Configuration?
    }
    /// The built `FcConfig *`. fontconfig reads a built configuration from any thread.
    private final class Configuration: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }
    private static let outcome = configure()
    private static let madeCurrent: Bool = {
        guard let configuration = outcome.configuration else { return false }
        return FcConfigSetCurrent(configuration.pointer) != 0
    }()

    /// The mode in force (read from the environment when the configuration is first loaded).
    package static var mode: Mode { outcome.mode }
    /// Pinned font files that are not installed, with the package that provides each ("file (package)").
    package static var missingFonts: [String] { outcome.missingFonts }
    /// Why pinning failed, if it did (the system's setup is then in force).
    package static var failure: String? { outcome.failure }

    /// Builds the pinned configuration (once) without touching fontconfig's current one: what a
    /// library in someone else's process does. The renderer calls it before its first text layout.
    package static func load() { _ = outcome }

    /// ``load()``, and makes the pinned configuration fontconfig's current one for the whole process
    /// (once; call it before anything renders text, and before worker processes are forked, so that
    /// they inherit it). For programs of ours only: an application's own text would change with it.
    package static func pin() { _ = madeCurrent }

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
        guard loaded != 0, FcConfigBuildFonts(config) != 0 else {
            FcConfigDestroy(config)
            outcome.failure = "fontconfig rejected the pinned configuration"
            return outcome
        }
        outcome.configuration = Configuration(config)
        outcome.mode = .pinned
        return outcome
    }

    /// The Pango font map text is laid out with on the calling thread: one per thread (Pango's font
    /// maps are not thread-safe; its own default map is per thread too), bound to the pinned
    /// configuration, released when the thread ends. In ``Mode/system``, Pango's default map.
    package static func fontMap() -> OpaquePointer {
        guard let configuration = outcome.configuration else { return pango_cairo_font_map_get_default() }
        if let map = pthread_getspecific(fontMapKey) { return OpaquePointer(map) }
        let map = pango_cairo_font_map_new()!
        pango_fc_font_map_set_config(map, UnsafeMutableRawPointer(configuration.pointer))
        pthread_setspecific(fontMapKey, UnsafeRawPointer(map))
        return map
    }

    private static let fontMapKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { map in g_object_unref(map) }
        return key
    }()

    /// The font files the renderer's text can use (the pinned configuration's; in ``Mode/system``,
    /// fontconfig's current one), sorted: for tests and diagnostics.
    package static func availableFontFiles() -> [String] {
        guard let set = FcConfigGetFonts(outcome.configuration?.pointer, FcSetSystem)?.pointee else { return [] }
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
