/* libffi for Swift: the built-in ffi_type descriptors are global variables whose addresses Swift
 * cannot take stably, so these inline functions hand out their addresses. */
#ifndef EASEL_CFFI_SHIM_H
#define EASEL_CFFI_SHIM_H
#include <ffi.h>

static inline ffi_type *easel_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *easel_ffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_type *easel_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *easel_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *easel_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_abi easel_ffi_default_abi(void) { return FFI_DEFAULT_ABI; }
#endif
