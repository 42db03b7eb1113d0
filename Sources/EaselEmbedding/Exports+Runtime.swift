import CEaselRuntime
import EaselHost
import Glibc

// The C functions of easel_runtime.h that concern errors, strings and runtimes (the views' are in
// Exports+View.swift). Each turns its handles into the Swift objects behind them, runs, and turns
// what was thrown into an easel_runtime_error (RuntimeError).

/// The caller's error out-parameter.
public typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<easel_runtime_error>?>?

extension EmbeddingRuntime {
    /// The runtime behind a handle (borrowed).
    static func from(_ handle: OpaquePointer) -> EmbeddingRuntime {
        Unmanaged<EmbeddingRuntime>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    /// The options a C caller gave (NULL: the defaults).
    static func options(_ c: UnsafePointer<easel_runtime_options>?) throws -> Options {
        var options = Options()
        guard let c = c?.pointee else { return options }
        guard c.struct_size >= UInt32(MemoryLayout<easel_runtime_options>.size) else {
            throw HostError(.usage, "easel_runtime_options.struct_size is \(c.struct_size) (expected sizeof(easel_runtime_options), \(MemoryLayout<easel_runtime_options>.size): start from easel_runtime_options_init)")
        }
        switch c.isolation {
        case EASEL_ISOLATION_IN_PROCESS: options.isolation = .inProcess
        case EASEL_ISOLATION_WORKERS:
            guard c.call_timeout >= 0, c.call_timeout.isFinite else {
                throw HostError(.usage, "easel_runtime_options.call_timeout is \(c.call_timeout) (expected seconds > 0, or 0 for the default)")
            }
            options.isolation = .workers(timeout: c.call_timeout == 0 ? Isolation.defaultTimeout : c.call_timeout)
        default:
            throw HostError(.usage, "easel_runtime_options.isolation is \(c.isolation) (expected EASEL_ISOLATION_IN_PROCESS or EASEL_ISOLATION_WORKERS)")
        }
        if c.memory_limit != 0 { options.memoryLimit = c.memory_limit }
        options.workerProgram = c.worker_program.map { String(cString: $0) }
        options.reload = c.reload
        let context = c.context
        if let warning = c.warning {
            options.warning = { line in line.withCString { warning($0, context) } }
        }
        if let reloaded = c.reloaded {
            options.reloaded = { file, error in
                let made = error.map(RuntimeError.make)
                defer { free(made) }
                file.withCString { reloaded($0, made.map { UnsafePointer($0) }, context) }
            }
        }
        return options
    }
}

@_cdecl("easel_runtime_error_free")
public func runtimeErrorFree(_ error: UnsafeMutablePointer<easel_runtime_error>?) {
    free(error)
}

@_cdecl("easel_runtime_free")
public func runtimeFree(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

@_cdecl("easel_runtime_options_init")
public func runtimeOptionsInit(_ options: UnsafeMutablePointer<easel_runtime_options>) {
    options.pointee = easel_runtime_options()
    options.pointee.struct_size = UInt32(MemoryLayout<easel_runtime_options>.size)
    options.pointee.isolation = EASEL_ISOLATION_IN_PROCESS
}

@_cdecl("easel_runtime_open")
public func runtimeOpen(_ path: UnsafePointer<CChar>?, _ options: UnsafePointer<easel_runtime_options>?, _ error: ErrorOut) -> OpaquePointer? {
    RuntimeError.catching(error, nil) {
        let runtime = try EmbeddingRuntime(path: path.map { String(cString: $0) }, options: EmbeddingRuntime.options(options))
        return OpaquePointer(Unmanaged.passRetained(runtime).toOpaque())
    }
}

@_cdecl("easel_runtime_close")
public func runtimeClose(_ runtime: OpaquePointer?) {
    guard let runtime else { return }
    Unmanaged<EmbeddingRuntime>.fromOpaque(UnsafeRawPointer(runtime)).release()
}

@_cdecl("easel_runtime_class_count")
public func runtimeClassCount(_ runtime: OpaquePointer) -> Int {
    EmbeddingRuntime.from(runtime).classNames.count
}

@_cdecl("easel_runtime_class_name")
public func runtimeClassName(_ runtime: OpaquePointer, _ index: Int) -> UnsafePointer<CChar>? {
    let runtime = EmbeddingRuntime.from(runtime)
    return runtime.classNameTable.name(index, of: runtime.classNames)
}

@_cdecl("easel_runtime_get_fd")
public func runtimeGetFD(_ runtime: OpaquePointer) -> Int32 {
    EmbeddingRuntime.from(runtime).fileDescriptor
}

@_cdecl("easel_runtime_dispatch")
public func runtimeDispatch(_ runtime: OpaquePointer) -> Double {
    EmbeddingRuntime.from(runtime).dispatch()
}
