import Glibc

/// Checks, before `dlopen` sees a file, that it is a complete ELF shared object for this machine.
///
/// `dlopen` trusts the file: a truncated library (a build still being written, a failed copy) makes
/// the dynamic loader map pages beyond the end of the file and the process dies with SIGBUS. So the
/// header, the program headers and every loadable segment must lie inside the file.
///
/// The check also says how much of the file the dynamic loader reads (``check(fd:path:)``): the
/// header, the program headers and what they describe. A Swift plugin's symbol tables and debug
/// information lie beyond it, and are most of the file (3.4 MB of Rainbow's, against 1.1 MB loaded).
package enum ELFCheck {
    /// The ELF machine code of this process (62 on x86-64, 183 on AArch64), read from its own binary.
    static let hostMachine: UInt64 = {
        let fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 62 }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 20)
        guard pread(fd, &header, 20, 0) == 20 else { return 62 }
        return UInt64(header[18]) | UInt64(header[19]) << 8
    }()

    /// Throws a ``HostError`` saying what is wrong with the file (a FIFO or other non-regular file
    /// included: it is never opened for blocking reads).
    package static func check(_ path: String) throws {
        let fd = try RegularFile.open(path, phase: .load)
        defer { close(fd) }
        _ = try check(fd: fd, path: path)
    }

    /// The same for a file already open (as `fd`); returns the length of the file's start that the
    /// dynamic loader reads: up to the end of the header, of the program headers, and of the last
    /// byte any program header describes (at most the file's size).
    static func check(fd: Int32, path: String) throws -> UInt64 {
        func fail(_ why: String) -> HostError { HostError(.pluginFailure, why, file: path, phase: .load) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw fail("cannot be read: \(String(cString: strerror(errno)))") }
        let size = UInt64(st.st_size)

        func read(_ count: Int, at offset: UInt64) -> [UInt8]? {
            guard offset + UInt64(count) <= size else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return n == count ? bytes : nil
        }
        guard let header = read(64, at: 0), header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else {
            throw fail("is not an ELF shared library (expected a .so built for this machine)")
        }
        guard header[4] == 2, header[5] == 1 else { // ELFCLASS64, little-endian
            throw fail("is an ELF file for another architecture (expected 64-bit little-endian, like this host)")
        }
        func u16(_ b: [UInt8], _ o: Int) -> UInt64 { UInt64(b[o]) | UInt64(b[o + 1]) << 8 }
        func u32(_ b: [UInt8], _ o: Int) -> UInt64 { u16(b, o) | u16(b, o + 2) << 16 }
        func u64(_ b: [UInt8], _ o: Int) -> UInt64 { u32(b, o) | u32(b, o + 4) << 32 }
        guard u16(header, 16) == 3 else { // ET_DYN
            throw fail("is an ELF file but not a shared library (expected ELF type DYN)")
        }
        guard u16(header, 18) == hostMachine else {
            throw fail("is a shared library for another machine (ELF machine \(u16(header, 18)); expected \(hostMachine), this host's)")
        }
        let phoff = u64(header, 32), phentsize = u16(header, 54), phnum = u16(header, 56)
        let shoff = u64(header, 40), shentsize = u16(header, 58), shnum = u16(header, 60)
        let truncated = "is truncated (\(size) bytes; an incomplete build or copy?)"
        guard phentsize >= 56, phnum > 0, phoff + phentsize * phnum <= size else { throw fail(truncated) }
        if shoff != 0 && shoff + shentsize * shnum > size { throw fail(truncated) }
        var extent = max(64, phoff + phentsize * phnum)
        for i in 0..<phnum {
            guard let ph = read(56, at: phoff + i * phentsize) else { throw fail(truncated) }
            let type = u32(ph, 0), offset = u64(ph, 8), fileSize = u64(ph, 32)
            // PT_LOAD and PT_DYNAMIC must be fully present.
            if (type == 1 || type == 2) && offset + fileSize > size { throw fail(truncated) }
            let (end, overflow) = offset.addingReportingOverflow(fileSize)
            extent = max(extent, overflow ? size : min(end, size))
        }
        return extent
    }
}
