/*
 * easel_system.h — the few Linux calls the host needs that Swift cannot make directly (variadic
 * functions, CMSG macros). Private to the host; not part of the plugin ABI.
 */
#ifndef EASEL_SYSTEM_H
#define EASEL_SYSTEM_H

#include <stddef.h>
#include <sys/types.h>

/** prctl(PR_SET_PDEATHSIG, signal): this process gets `signal` when its parent thread ends. */
int easel_set_parent_death_signal(int signal);
/** prctl(PR_SET_CHILD_SUBREAPER, 1): orphaned descendants are re-parented to this process. */
int easel_set_child_subreaper(void);
/** Sends `length` bytes and `count` file descriptors (SCM_RIGHTS) in one message. -1 and errno on failure. */
int easel_send_with_fds(int socket, const void *data, size_t length, const int *fds, int count);
/** Receives one message of at most `length` bytes and up to `max_fds` descriptors (stored in `fds`,
 *  their number in `*fd_count`). Returns the byte count, 0 at end of stream, -1 and errno on failure. */
ssize_t easel_receive_with_fds(int socket, void *data, size_t length, int *fds, int max_fds, int *fd_count);
/** An anonymous memory file (memfd_create, close-on-exec), named for /proc/PID/maps; -1 on failure. */
int easel_memory_file(const char *name);
/** Closes every descriptor >= `lowest`. */
void easel_close_from(int lowest);

/// Fills the 64 KiB of stack below the caller's frame with `byte`, so that a function called next
/// from the same frame finds `byte` wherever it reads a local it never set (host validate's
/// uninitialised-memory check runs workers with two different bytes and compares their pictures).
void easel_paint_stack(unsigned char byte);
/** The number of threads of this process (from /proc/self/status), or -1 if unknown. */
int easel_thread_count(void);
/** Bytes malloc has handed out and not had back, over every arena and mmapped chunk (mallinfo2). */
size_t easel_allocated_bytes(void);

/** Replaces `stdout` by a fully buffered stream (64 KiB) over file descriptor 1 that remembers why
 *  a write to it first failed (easel_standard_output_error): stdio keeps only that one did. */
void easel_standard_output_install(void);
/** The errno of the first write to standard output that failed, or 0. */
int easel_standard_output_error(void);

/* Termination: what a SIGTERM, SIGINT, SIGHUP or SIGQUIT sent to the host cleans up before the
 * host ends with that signal (everything in the handler is async-signal-safe). */
/** Registers a worker launcher's control socket and pid: closed and waited for on termination, which
 *  makes the launcher kill every worker group first. Returns its slot (of 16), or -1 if all are taken. */
int easel_termination_add_launcher(int fd, pid_t pid);
/** Forgets a slot returned by easel_termination_add_launcher (the launcher was shut down). */
void easel_termination_remove_launcher(int slot);
/** The process group of a build `host serve --build` runs (its leader's pid): killed (SIGKILL) on
 *  termination, so a build never outlives the host. 0 forgets it. */
void easel_termination_set_build_group(pid_t leader);
/** Registers a temporary file to unlink on termination; returns its slot (or -1 if full). The path
 *  is copied. */
int easel_termination_track_file(const char *path);
/** Forgets a slot returned by easel_termination_track_file. */
void easel_termination_untrack_file(int slot);
/** Installs the handler for SIGTERM, SIGINT, SIGHUP and SIGQUIT. */
void easel_termination_install(void);
/** For a program that runs until it is told to stop (watch, serve): from now on the first SIGTERM,
 *  SIGINT or SIGHUP only records itself (easel_termination_stop_signal), and the program stops at
 *  its next check; a second one, or a SIGQUIT, ends it at once as before. */
void easel_termination_stop_on_signal(void);
/** The signal that asked the program to stop (see easel_termination_stop_on_signal), or 0. */
int easel_termination_stop_signal(void);
/** Arms the watchdog: unless easel_watchdog_disarm is called within `seconds`, `message` (copied;
 *  at most 4095 bytes) is written to stderr, what termination releases is released, and the process
 *  exits with `status` at once. Re-arming replaces the deadline and message. The watchdog's thread
 *  starts on the first call; returns -1 if it cannot. Any thread may call it. */
int easel_watchdog_arm(double seconds, const char *message, int status);
/** Disarms the watchdog (nothing happens if it is not armed). */
void easel_watchdog_disarm(void);
/** The path of the shared object (library or program) that holds `address`, as the dynamic loader
 *  opened it, or NULL (dladdr; a library finds files installed beside it). Borrowed from the loader. */
const char *easel_object_path(const void *address);

#endif
