import CEasel
import Glibc

/// The `easel_instance_host` of one instance loaded in this process: what the instance may call to
/// log with its class attached, measure, and ask for layout, redraw and a property read-back
/// (easel.h). Requests may come from any thread; they are coalesced until the host takes them.
///
/// The C struct lives on the heap as long as this object, which the instance keeps until after the
/// plugin's destroy returned (the plugin may use the pointer until then).
final class InstanceHost: @unchecked Sendable {
    let className: String
    /// The class's properties: a property_changed naming another is dropped with a warning.
    let propertyNames: Set<String>
    let log: PluginLog
    let pluginHost: UnsafePointer<easel_host>
    /// Answers measure_text and image_size; nil: {0, 0}.
    let renderer: Renderer?
    /// The traits the instance is shown with (easel.traits/1's get reads them from any thread).
    var traits: Traits {
        get { pthread_mutex_lock(&lock); defer { pthread_mutex_unlock(&lock) }; return currentTraits }
        set { pthread_mutex_lock(&lock); currentTraits = newValue; pthread_mutex_unlock(&lock) }
    }
    private var currentTraits: Traits
    private(set) var pointer: UnsafeMutablePointer<easel_instance_host>!
    private let classNameCString: UnsafeMutablePointer<CChar>
    private var lock = pthread_mutex_t()
    private var pending = InstanceRequests()
    /// Unknown names already warned about (once each, however often an animation repeats them).
    private var unknownNames: Set<String> = []
    /// The animation clock's time for this instance (easel.clock/1); see ``AnimationClock``.
    let clock = AnimationClock()
    /// Called, outside the lock and on the requesting thread, when a request arrives while none was
    /// pending: a worker uses it to tell its host at once.
    var onRequest: (@Sendable () -> Void)?

    init(className: String, propertyNames: Set<String>, pluginHost: UnsafePointer<easel_host>, log: PluginLog,
         renderer: Renderer?, traits: Traits) {
        self.className = className
        self.renderer = renderer
        currentTraits = traits
        self.propertyNames = propertyNames
        self.log = log
        self.pluginHost = pluginHost
        classNameCString = strdup(className)!
        pthread_mutex_init(&lock, nil)
        let p = UnsafeMutablePointer<easel_instance_host>.allocate(capacity: 1)
        p.initialize(to: easel_instance_host(
            host: pluginHost,
            class_name: UnsafePointer(classNameCString),
            host_data: Unmanaged.passUnretained(self).toOpaque(),
            log: { ih, level, message in
                InstanceHost.from(ih)?.record(level: level, message: String(cString: message))
            },
            measure_text: { ih, text, maxWidth, style in
                InstanceHost.from(ih)?.renderer?.measureText(text, maxWidth: maxWidth, style: style) ?? easel_size(width: 0, height: 0)
            },
            image_size: { ih, name in
                InstanceHost.from(ih)?.renderer?.imageSize(String(cString: name),
                                                           resourceDirectory: String(cString: ih.pointee.host.pointee.resource_dir))
                    ?? easel_size(width: 0, height: 0)
            },
            request_layout: { ih in InstanceHost.from(ih)?.request { $0.layout = true } },
            request_redraw: { ih in InstanceHost.from(ih)?.request { $0.redraw = true } },
            property_changed: { ih, name in
                InstanceHost.from(ih)?.propertyChanged(String(cString: name))
            }))
        pointer = p
    }

    deinit {
        pointer.deallocate()
        free(classNameCString)
        pthread_mutex_destroy(&lock)
    }

    static func from(_ ih: UnsafePointer<easel_instance_host>) -> InstanceHost? {
        ih.pointee.host_data.map { Unmanaged<InstanceHost>.fromOpaque($0).takeUnretainedValue() }
    }

    /// easel_instance_host.log: the class is attached to what is shown; an error explains the
    /// failure of the call in progress.
    private func record(level: easel_log_level, message: String) {
        log.record(level: level, message: message, className: className)
    }

    /// easel_instance_host.property_changed: a name that is no property of the class is ignored
    /// with a warning (easel.h), once per name, wherever the instance runs (the host and a worker
    /// alike, for one-shot commands as for live views).
    private func propertyChanged(_ property: String) {
        guard propertyNames.contains(property) else {
            pthread_mutex_lock(&lock)
            let first = unknownNames.insert(property).inserted
            pthread_mutex_unlock(&lock)
            if first {
                log.record(level: EASEL_LOG_WARNING, message: "property_changed(\"\(property)\") names no property of the class; ignored",
                           className: className)
            }
            return
        }
        request { pending in
            if !pending.changedProperties.contains(property) { pending.changedProperties.append(property) }
        }
    }

    private func request(_ change: (inout InstanceRequests) -> Void) {
        pthread_mutex_lock(&lock)
        let wasEmpty = pending.isEmpty
        change(&pending)
        let notify = wasEmpty && !pending.isEmpty
        pthread_mutex_unlock(&lock)
        if notify { onRequest?() }
    }

    /// easel.input/1's send_action: a control event the instance sent, passed on with its requests.
    func sendAction(_ event: String) {
        request { $0.sentActions.append(event) }
    }

    /// The requests since the last call, consumed.
    func take() -> InstanceRequests {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        let taken = pending
        pending = InstanceRequests()
        return taken
    }
}
