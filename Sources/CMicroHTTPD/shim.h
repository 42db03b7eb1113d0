/*
 * libmicrohttpd (Debian libmicrohttpd-dev): the HTTP server of `host serve`, loaded on first use.
 *
 * Linked at start, libmicrohttpd brings gnutls, nettle, hogweed, gmp, p11-kit, libidn2, libunistring
 * and libtasn1: some 3600 symbol relocations in every start of the host (and of every process started
 * from it), for the one command that serves HTTP. So the library is not linked (the module map has no
 * `link`): its types and constants come from <microhttpd.h>, and each function the server calls is a
 * forwarding function here with the real one's name and signature. Call easel_http_library_error()
 * first: it loads the library and checks every function, and says why not (NULL when usable).
 *
 * The header's own declarations of those functions are renamed (easel_declared_…) while it is
 * included, so that the forwarding functions can take the real names; nothing ever calls the renamed
 * ones, so nothing refers to the library at link time.
 */
#ifndef EASEL_CMICROHTTPD_SHIM_H
#define EASEL_CMICROHTTPD_SHIM_H

#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#define MHD_start_daemon_va easel_declared_MHD_start_daemon_va
#define MHD_stop_daemon easel_declared_MHD_stop_daemon
#define MHD_get_connection_values easel_declared_MHD_get_connection_values
#define MHD_queue_response easel_declared_MHD_queue_response
#define MHD_create_response_from_callback easel_declared_MHD_create_response_from_callback
#define MHD_create_response_from_buffer easel_declared_MHD_create_response_from_buffer
#define MHD_destroy_response easel_declared_MHD_destroy_response
#define MHD_add_response_header easel_declared_MHD_add_response_header
#define MHD_get_connection_info easel_declared_MHD_get_connection_info
#define MHD_create_response_from_buffer_with_free_callback_cls easel_declared_MHD_create_response_from_buffer_with_free_callback_cls
#include <microhttpd.h>
#undef MHD_start_daemon_va
#undef MHD_stop_daemon
#undef MHD_get_connection_values
#undef MHD_queue_response
#undef MHD_create_response_from_callback
#undef MHD_create_response_from_buffer
#undef MHD_destroy_response
#undef MHD_add_response_header
#undef MHD_get_connection_info
#undef MHD_create_response_from_buffer_with_free_callback_cls

/* Header-only, so every module that calls these gets its own copy of each static: nothing here may
 * rely on state shared between copies. easel_http_library_error() dlopens the library (RTLD_GLOBAL;
 * reference-counted, so cheap after the first time) and checks every symbol; each forwarding function
 * then finds its target with dlsym(RTLD_DEFAULT) once per copy. */

static const char *const easel_http_symbols[] = {
    "MHD_start_daemon_va", "MHD_stop_daemon", "MHD_get_connection_values", "MHD_queue_response",
    "MHD_create_response_from_callback", "MHD_create_response_from_buffer", "MHD_destroy_response",
    "MHD_add_response_header", "MHD_get_connection_info", "MHD_create_response_from_buffer_with_free_callback_cls",
};

static const char *easel_http_library_load(void) {
    if (!dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_GLOBAL)) {
        return "libmicrohttpd.so.12 cannot be loaded (install libmicrohttpd12)";
    }
    for (size_t i = 0; i < sizeof easel_http_symbols / sizeof easel_http_symbols[0]; i++) {
        if (!dlsym((void *)0 /* RTLD_DEFAULT */, easel_http_symbols[i])) {
            return "the installed libmicrohttpd lacks a function Easel needs";
        }
    }
    return NULL;
}

/** Loads libmicrohttpd; NULL when it is usable, else why not. Thread-safe: the first caller loads,
 *  and the answer is published only once the library is loaded and checked. */
static inline const char *easel_http_library_error(void) {
    static const char *state; /* NULL: not yet; easel_http_library_ready: loaded */
    static const char easel_http_library_ready[] = "";
    const char *seen = __atomic_load_n(&state, __ATOMIC_ACQUIRE);
    if (!seen) {
        /* dlopen is serialised by the dynamic loader's lock and reference-counted, so two threads
         * loading at once are safe; both then publish the same answer. */
        const char *error = easel_http_library_load();
        seen = error ? error : easel_http_library_ready;
        __atomic_store_n(&state, seen, __ATOMIC_RELEASE);
    }
    return seen == easel_http_library_ready ? NULL : seen;
}

/* The forwarding functions: call them only after easel_http_library_error() returned NULL. They are
 * called from libmicrohttpd's connection threads too, so the target is read and written atomically. */
#define EASEL_HTTP_FORWARD(ret, name, params, args)                                     \
    static inline ret name params {                                                     \
        static ret (*target) params;                                                    \
        ret (*f) params = __atomic_load_n(&target, __ATOMIC_ACQUIRE);                   \
        if (!f) {                                                                       \
            f = (ret (*) params)dlsym((void *)0, #name);                                \
            __atomic_store_n(&target, f, __ATOMIC_RELEASE);                             \
        }                                                                               \
        return f args;                                                                  \
    }

EASEL_HTTP_FORWARD(struct MHD_Daemon *, MHD_start_daemon_va,
                   (unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls,
                    MHD_AccessHandlerCallback dh, void *dh_cls, va_list ap),
                   (flags, port, apc, apc_cls, dh, dh_cls, ap))
EASEL_HTTP_FORWARD(void, MHD_stop_daemon, (struct MHD_Daemon *daemon), (daemon))
EASEL_HTTP_FORWARD(int, MHD_get_connection_values,
                   (struct MHD_Connection *connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,
                    void *iterator_cls),
                   (connection, kind, iterator, iterator_cls))
EASEL_HTTP_FORWARD(enum MHD_Result, MHD_queue_response,
                   (struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response),
                   (connection, status_code, response))
EASEL_HTTP_FORWARD(struct MHD_Response *, MHD_create_response_from_callback,
                   (uint64_t size, size_t block_size, MHD_ContentReaderCallback crc, void *crc_cls,
                    MHD_ContentReaderFreeCallback crfc),
                   (size, block_size, crc, crc_cls, crfc))
EASEL_HTTP_FORWARD(struct MHD_Response *, MHD_create_response_from_buffer,
                   (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))
EASEL_HTTP_FORWARD(struct MHD_Response *, MHD_create_response_from_buffer_with_free_callback_cls,
                   (size_t size, void *buffer, MHD_ContentReaderFreeCallback crfc, void *crfc_cls),
                   (size, buffer, crfc, crfc_cls))
EASEL_HTTP_FORWARD(void, MHD_destroy_response, (struct MHD_Response *response), (response))
EASEL_HTTP_FORWARD(enum MHD_Result, MHD_add_response_header,
                   (struct MHD_Response *response, const char *header, const char *content),
                   (response, header, content))

/** The socket of `connection` (the event streams watch it for the client closing), -1 if unknown.
 *  MHD_get_connection_info is variadic, and asked for the descriptor takes no further argument. */
static inline int easel_http_connection_fd(struct MHD_Connection *connection) {
    typedef const union MHD_ConnectionInfo *(*info_function)(struct MHD_Connection *, enum MHD_ConnectionInfoType, ...);
    static info_function target;
    info_function f = __atomic_load_n(&target, __ATOMIC_ACQUIRE);
    if (!f) {
        f = (info_function)dlsym((void *)0, "MHD_get_connection_info");
        __atomic_store_n(&target, f, __ATOMIC_RELEASE);
    }
    const union MHD_ConnectionInfo *info = f(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

#endif
