/// C strings that live as long as the process: descriptor names, summaries, default values.
/// The ABI requires them to stay valid and unchanged until the plugin's deinit, and Swift images are
/// never unloaded, so they are simply never freed.
enum CStrings {
    static func persistent(_ string: String) -> UnsafePointer<CChar> {
        UnsafePointer(strdup(string)!)
    }

    static func persistent(_ string: String?) -> UnsafePointer<CChar>? {
        string.map { persistent($0) }
    }
}
