import CEasel
import Glibc

/// A plugin file loaded into this process, validated, with its classes ready to instantiate.
package final class LoadedPlugin: @unchecked Sendable {
    package let info: PluginInfo
    /// The plugin's classes in declaration order.
    package let classes: [DesignableClass]
    let image: PluginImage
    let log: PluginLog
    private let deinitialize: (@convention(c) () -> Void)?
    /// Whether calls into the plugin point fd 1 at stderr (``HostEnvironment/divertsPluginOutput``).
    private let divertsOutput: Bool
    /// Whether the plugin declares a deinit.
    package var hasDeinit: Bool { deinitialize != nil }
    private var finished = false

    init(info: PluginInfo, classes: [DesignableClass], image: PluginImage, log: PluginLog,
         deinitialize: (@convention(c) () -> Void)?, divertsOutput: Bool) {
        self.info = info
        self.divertsOutput = divertsOutput
        self.classes = classes
        self.image = image
        self.log = log
        self.deinitialize = deinitialize
    }

    /// Calls the plugin's deinit (once). Every instance must have been destroyed first; the image
    /// itself stays mapped (it is never closed).
    package func finish() {
        guard !finished else { return }
        finished = true
        PluginStandardOutput.around(diverting: divertsOutput) { deinitialize?() }
    }

}

/// Loads one plugin file: dlopen of a private copy, the entry symbol, the ABI check, init, and
/// validation of every descriptor. Each step that fails throws a ``HostError`` naming the file, the
/// phase and what was expected.
package enum PluginLoader {
    /// The ABI version of this host.
    package static let hostABI = easel_abi_version(major: UInt32(EASEL_ABI_MAJOR), minor: UInt32(EASEL_ABI_MINOR))
    /// The host's name and version as plugins see them.
    package static let hostName = "easel"
    package static let hostVersion = "0.1.0"

    /// Loads `path` into this process, for `environment` (its renderer answers the plugin's
    /// measurements; its ``HostEnvironment/finish()`` calls the plugin's deinit).
    package static func load(_ path: String, environment: HostEnvironment) throws -> LoadedPlugin {
        var ignored: [HostError] = []
        return try load(path, environment: environment, problems: &ignored)
    }

    /// Every problem a load finds (all descriptor problems, not only the first; a failure before
    /// the descriptors are read is the only one), or none when the file loads. The image stays mapped.
    package static func problems(_ path: String, environment: HostEnvironment) -> [HostError] {
        var problems: [HostError] = []
        do { _ = try load(path, environment: environment, problems: &problems) } catch let error as HostError {
            return problems.isEmpty ? [error] : problems
        } catch {
            return [HostError(.pluginFailure, "\(error)", file: path, phase: .load)]
        }
        return []
    }

    /// `load`, keeping every descriptor problem in `problems` when it throws.
    static func load(_ path: String, environment: HostEnvironment, problems: inout [HostError]) throws -> LoadedPlugin {
        // Loading runs plugin code: constructors, the entry point, init, get_extension.
        let plugin = try PluginStandardOutput.around(diverting: environment.divertsPluginOutput) { try loadImage(path, environment: environment, problems: &problems) }
        environment.adopt(plugin)
        return plugin
    }

    private static func loadImage(_ path: String, environment: HostEnvironment, problems: inout [HostError]) throws -> LoadedPlugin {
        let image = try PluginImage.open(path)
        guard let symbol = image.symbol(EASEL_ENTRY_SYMBOL) else {
            throw HostError(.pluginFailure,
                            "has no entry symbol '\(EASEL_ENTRY_SYMBOL)' (expected an Easel plugin: define it with EASEL_PLUGIN_ENTRY, or EaselPlugin.export in Swift)",
                            file: path, phase: .entry)
        }
        let log = PluginLog(file: path, diagnostics: environment.diagnostics)
        let entry = unsafeBitCast(symbol, to: easel_plugin_entry_fn.self)
        guard let returned = entry() else {
            throw HostError(.pluginFailure, log.explain("the entry point returned NULL (expected a plugin descriptor)"),
                            file: path, phase: .entry)
        }
        let descriptor = UnsafeRawPointer(returned)
        // `abi` is at offset 0 in every version of easel_plugin.
        let abi = descriptor.load(as: easel_abi_version.self)
        let host = hostABI
        guard easel_abi_is_compatible(abi, host) else {
            let why = abi.major != host.major
                ? "was built for ABI \(abi.major).\(abi.minor), but this host speaks ABI \(host.major).\(host.minor) (expected major version \(host.major))"
                : "was built for ABI \(abi.major).\(abi.minor), newer than this host's \(host.major).\(host.minor) (expected minor version <= \(host.minor); update the host)"
            throw HostError(.pluginFailure, why, file: path, phase: .abi)
        }
        let fields: DescriptorFields.Plugin
        do { fields = try DescriptorFields.Plugin.read(descriptor) } catch let e as PluginTable.Problem {
            throw HostError(.pluginFailure, "easel_plugin: \(e.message)", file: path, phase: .abi)
        }
        var reader = DescriptorReader(file: path)
        let info: PluginInfo
        do { info = try reader.readPlugin(fields) } catch { problems = reader.allProblems; throw error }
        let hostStruct = makeHost(for: path, log: log, renderer: environment.renderer)
        if let initialize = fields.initialize {
            guard initialize(hostStruct) else {
                throw HostError(.pluginFailure, log.explain("init returned false"), file: path, phase: .initialize)
            }
        }
        let validClasses: [DescriptorReader.ValidClass]
        do { validClasses = try reader.readClasses(fields, plugin: info) } catch {
            problems = reader.allProblems
            throw error
        }
        for id in reader.misplacedPluginWideExtensions(fields) {
            // Short: a worker passes on lines of at most 300 bytes.
            environment.diagnostics.warnOnce("\(path): get_extension(NULL, \"\(id)\") answers a table no class does: \(id) is per class "
                                 + "(asked as get_extension(cls, id)), so it is never read")
        }
        let classes = validClasses.map { NativeClass($0, log: log, host: hostStruct, renderer: environment.renderer,
                                                             divertsOutput: environment.divertsPluginOutput) }
        return LoadedPlugin(info: info, classes: classes, image: image, log: log, deinitialize: fields.deinitialize,
                            divertsOutput: environment.divertsPluginOutput)
    }

    /// The directory beside a plugin where its resources live: "dir/libGauge.so" → "dir/Gauge.resources".
    /// A plugin reached through a symbolic link (`components/Fancy.so` → `../build/libFancyButton.so`)
    /// whose link has no such folder beside it has its resources beside the file it links to
    /// (`../build/FancyButton.resources`), where its build put them. In a SwiftPM build folder (one
    /// holding `Badge.build` beside `libBadge.so`) without `Badge.resources`, they are the resource
    /// bundle SwiftPM copies a target's `resources:` into: `<Package>_Badge.resources`.
    package static func resourceDirectory(for path: String) -> String {
        let beside = resourceDirectory(besideFile: absolutePath(path))
        var st = stat()
        guard stat(beside, &st) != 0, lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK,
              let target = realpath(path, nil) else { return beside }
        defer { free(target) }
        return resourceDirectory(besideFile: String(cString: target))
    }

    private static func resourceDirectory(besideFile absolute: String) -> String {
        let slash = absolute.lastIndex(of: "/")!
        let dir = String(absolute[..<slash])
        var stem = String(absolute[absolute.index(after: slash)...])
        if stem.hasPrefix("lib") { stem.removeFirst(3) }
        if let so = stem.ranges(of: ".so").last { stem = String(stem[..<so.lowerBound]) }
        let named = "\(dir)/\(stem).resources"
        if !isDirectory(named), isDirectory("\(dir)/\(stem).build"), let bundle = swiftPMBundle(in: dir, target: stem) {
            return bundle
        }
        return named
    }

    /// SwiftPM's resource bundle of target `target` in the build folder `dir`: the one directory
    /// named `<Package>_<target>.resources` (`<target>_<target>.resources` first, as `host new`'s
    /// package is named after its target).
    private static func swiftPMBundle(in dir: String, target: String) -> String? {
        let suffix = "_\(target).resources"
        if isDirectory("\(dir)/\(target)\(suffix)") { return "\(dir)/\(target)\(suffix)" }
        let found = (visibleEntries(of: dir) ?? []).filter {
            $0.hasSuffix(suffix) && $0.count > suffix.count && isDirectory("\(dir)/\($0)")
        }
        return found.count == 1 ? "\(dir)/\(found[0])" : nil
    }

    private static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    static func absolutePath(_ path: String) -> String {
        guard let cwd = workingDirectory else { return path }
        return absolutePath(path, relativeTo: cwd)
    }

    /// `path` made absolute against the directory `cwd`.
    static func absolutePath(_ path: String, relativeTo cwd: String) -> String {
        if path.hasPrefix("/") { return path }
        return path.hasPrefix("./") ? "\(cwd)/\(path.dropFirst(2))" : "\(cwd)/\(path)"
    }

    /// The working directory, read once (the host never changes it).
    static let workingDirectory: String? = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        return getcwd(&buffer, buffer.count) != nil ? buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } : nil
    }()

    /// What a loaded image's easel_host carries as its host_data: its log, and the renderer that
    /// answers its measurements.
    final class HostData {
        let log: PluginLog
        let renderer: Renderer?
        init(log: PluginLog, renderer: Renderer?) {
            self.log = log
            self.renderer = renderer
        }

        static func of(_ host: UnsafePointer<easel_host>) -> HostData? {
            host.pointee.host_data.map { Unmanaged<HostData>.fromOpaque($0).takeUnretainedValue() }
        }
    }

    /// The easel_host a plugin keeps from init until deinit: allocated once per loaded image and never
    /// freed (images are never unloaded).
    private static func makeHost(for path: String, log: PluginLog, renderer: Renderer?) -> UnsafePointer<easel_host> {
        let host = UnsafeMutablePointer<easel_host>.allocate(capacity: 1)
        host.initialize(to: easel_host(
            abi: hostABI,
            name: UnsafePointer(strdup(hostName)!),
            version: UnsafePointer(strdup(hostVersion)!),
            plugin_path: UnsafePointer(strdup(absolutePath(path))!),
            resource_dir: UnsafePointer(strdup(resourceDirectory(for: path))!),
            log: { host, level, message in
                HostData.of(host)?.log.record(level: level, message: String(cString: message))
            },
            host_data: Unmanaged.passRetained(HostData(log: log, renderer: renderer)).toOpaque(),
            measure_text: { host, text, maxWidth, style in
                HostData.of(host)?.renderer?.measureText(text, maxWidth: maxWidth, style: style)
                    ?? easel_size(width: 0, height: 0)
            },
            image_size: { host, name in
                HostData.of(host)?.renderer?.imageSize(String(cString: name), resourceDirectory: String(cString: host.pointee.resource_dir))
                    ?? easel_size(width: 0, height: 0)
            },
            get_extension: { _, id in HostExtensions.table(id) }))
        return UnsafePointer(host)
    }
}

/// The extensions the host offers plugins (easel.h, EXTENSIONS): constant tables, never freed.
enum HostExtensions {
    /// easel.clock/1: each instance's ``AnimationClock``.
    static let clock = ConstantTable(easel_clock(now: { ih in InstanceHost.from(ih)?.clock.now() ?? 0 }))
    /// easel.input/1, the host's half: control events the instance sends.
    static let input = ConstantTable(easel_host_input(send_action: { ih, event in
        InstanceHost.from(ih)?.sendAction(String(cString: event))
    }))
    /// easel.traits/1, the host's half: the instance's traits.
    static let traits = ConstantTable(easel_host_traits(get: { ih in (InstanceHost.from(ih)?.traits ?? .default).c }))

    /// The table of extension `id`, or nil for an id the host does not offer.
    static func table(_ id: UnsafePointer<CChar>) -> UnsafeRawPointer? {
        if strcmp(id, EASEL_EXTENSION_CLOCK) == 0 { return UnsafeRawPointer(clock.pointer) }
        if strcmp(id, EASEL_EXTENSION_INPUT) == 0 { return UnsafeRawPointer(input.pointer) }
        if strcmp(id, EASEL_EXTENSION_TRAITS) == 0 { return UnsafeRawPointer(traits.pointer) }
        return nil
    }
}

/// A C table made once and never changed or freed: safe to share between threads.
struct ConstantTable<Table>: @unchecked Sendable {
    let pointer: UnsafePointer<Table>
    init(_ table: Table) {
        let p = UnsafeMutablePointer<Table>.allocate(capacity: 1)
        p.initialize(to: table)
        pointer = UnsafePointer(p)
    }
}
