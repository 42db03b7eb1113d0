#define _GNU_SOURCE
#include <malloc.h>
#include "easel_system.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

int easel_set_parent_death_signal(int signal) { return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0); }

int easel_set_child_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1UL, 0, 0, 0); }

int easel_send_with_fds(int socket, const void *data, size_t length, const int *fds, int count) {
    struct iovec iov = {.iov_base = (void *)data, .iov_len = length};
    union { struct cmsghdr header; char bytes[CMSG_SPACE(sizeof(int) * 8)]; } control;
    struct msghdr message = {.msg_iov = &iov, .msg_iovlen = 1};
    if (count < 0 || count > 8) { errno = EINVAL; return -1; }
    if (count > 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.bytes;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)count);
        struct cmsghdr *c = CMSG_FIRSTHDR(&message);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)count);
        memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)count);
    }
    ssize_t n;
    do { n = sendmsg(socket, &message, MSG_NOSIGNAL); } while (n < 0 && errno == EINTR);
    return n < 0 ? -1 : 0;
}

ssize_t easel_receive_with_fds(int socket, void *data, size_t length, int *fds, int max_fds, int *fd_count) {
    struct iovec iov = {.iov_base = data, .iov_len = length};
    union { struct cmsghdr header; char bytes[CMSG_SPACE(sizeof(int) * 8)]; } control;
    struct msghdr message = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.bytes,
                             .msg_controllen = sizeof control.bytes};
    *fd_count = 0;
    ssize_t n;
    do { n = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (n < 0 && errno == EINTR);
    if (n < 0) return -1;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c; c = CMSG_NXTHDR(&message, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        int count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *received = (int *)CMSG_DATA(c);
        for (int i = 0; i < count; i++) {
            if (*fd_count < max_fds) fds[(*fd_count)++] = received[i];
            else close(received[i]);
        }
    }
    return n;
}

int easel_memory_file(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

__attribute__((noinline)) void easel_paint_stack(unsigned char byte) {
    unsigned char area[64 * 1024];
    memset(area, byte, sizeof area);
    /* The compiler must not drop the stores of an array that is never read again. */
    __asm__ __volatile__("" : : "r"(area) : "memory");
}

void easel_close_from(int lowest) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lowest, ~0U, 0) == 0) return;
#endif
    DIR *d = opendir("/proc/self/fd");
    if (!d) {
        for (int fd = lowest; fd < 65536; fd++) close(fd);
        return;
    }
    int own = dirfd(d);
    int open_fds[1024];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 1024) {
        int fd = atoi(e->d_name);
        if (fd >= lowest && fd != own) open_fds[n++] = fd;
    }
    closedir(d);
    for (int i = 0; i < n; i++) close(open_fds[i]);
}

int easel_thread_count(void) {
    FILE *f = fopen("/proc/self/status", "re");
    if (!f) return -1;
    char line[256];
    int threads = -1;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "Threads:", 8) == 0) { threads = atoi(line + 8); break; }
    }
    fclose(f);
    return threads;
}

/* ───────────── standard output ───────────── */

static int standard_output_error = 0;

static ssize_t write_standard_output(void *cookie, const char *data, size_t size) {
    (void)cookie;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(1, data + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (standard_output_error == 0) standard_output_error = n < 0 ? errno : EIO;
            return done > 0 ? (ssize_t)done : -1;
        }
        done += (size_t)n;
    }
    return (ssize_t)done;
}

void easel_standard_output_install(void) {
    static int installed = 0;
    if (installed) return;
    cookie_io_functions_t functions = {.write = write_standard_output};
    FILE *stream = fopencookie(NULL, "w", functions);
    if (!stream) return;
    static char buffer[1 << 16];
    fflush(stdout);
    setvbuf(stream, buffer, _IOFBF, sizeof buffer);
    stdout = stream;
    installed = 1;
}

int easel_standard_output_error(void) { return standard_output_error; }

/* ───────────── termination ───────────── */

#include <signal.h>
#include <sys/wait.h>

enum { TRACKED_FILES = 64, TRACKED_PATH = 4096, LAUNCHERS = 16 };
/* Each running worker launcher's control socket and pid (a slot is free while its fd is -1): a
 * process may hold several host cores, each with launchers of its own. */
static volatile sig_atomic_t launcher_fd[LAUNCHERS] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
static volatile pid_t launcher_pid[LAUNCHERS];
static volatile pid_t build_group = 0;
static char tracked[TRACKED_FILES][TRACKED_PATH];
static volatile sig_atomic_t tracked_used[TRACKED_FILES];

int easel_termination_add_launcher(int fd, pid_t pid) {
    for (int i = 0; i < LAUNCHERS; i++) {
        if (launcher_fd[i] < 0) {
            launcher_pid[i] = pid;
            launcher_fd[i] = fd;
            return i;
        }
    }
    return -1;
}

void easel_termination_remove_launcher(int slot) {
    if (slot >= 0 && slot < LAUNCHERS) launcher_fd[slot] = -1;
}

void easel_termination_set_build_group(pid_t leader) { build_group = leader; }

int easel_termination_track_file(const char *path) {
    if (strlen(path) >= TRACKED_PATH) return -1;
    for (int i = 0; i < TRACKED_FILES; i++) {
        if (!tracked_used[i]) {
            strcpy(tracked[i], path);
            tracked_used[i] = 1;
            return i;
        }
    }
    return -1;
}

void easel_termination_untrack_file(int slot) {
    if (slot >= 0 && slot < TRACKED_FILES) tracked_used[slot] = 0;
}

/* What a program that ends now leaves behind, released: the build's process group killed, the
 * tracked files unlinked, the launcher's socket closed (its workers end with it) and the launcher
 * waited for. Async-signal-safe. */
static void release_everything(void) {
    pid_t group = build_group;
    if (group > 0) { build_group = 0; kill(-group, SIGKILL); }
    for (int i = 0; i < TRACKED_FILES; i++) {
        if (tracked_used[i]) { unlink(tracked[i]); tracked_used[i] = 0; }
    }
    for (int i = 0; i < LAUNCHERS; i++) {
        int fd = launcher_fd[i];
        if (fd < 0) continue;
        launcher_fd[i] = -1;
        close(fd);
        int status;
        if (launcher_pid[i] > 0) while (waitpid(launcher_pid[i], &status, 0) < 0 && errno == EINTR) {}
    }
}

static volatile sig_atomic_t stops_on_signal = 0;
static volatile sig_atomic_t stop_signal = 0;

static void on_termination(int signal) {
    if (stops_on_signal && stop_signal == 0 && signal != SIGQUIT) {
        stop_signal = signal;
        return;
    }
    int saved = errno;
    release_everything();
    errno = saved;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigaction(signal, &action, NULL);
    raise(signal);
}

void easel_termination_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_termination;
    sigemptyset(&action.sa_mask);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGHUP);
    sigaddset(&action.sa_mask, SIGQUIT);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    sigaction(SIGQUIT, &action, NULL);
}

void easel_termination_stop_on_signal(void) { stops_on_signal = 1; }

int easel_termination_stop_signal(void) { return stop_signal; }

size_t easel_allocated_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/* ───────────── watchdog ───────────── */

#include <pthread.h>
#include <time.h>

static pthread_mutex_t watchdog_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watchdog_changed;
static int watchdog_started = 0;
static unsigned long watchdog_generation = 0; /* odd: armed */
static struct timespec watchdog_deadline;
static char watchdog_message[4096];
static int watchdog_status = 70;

static void *watchdog_main(void *unused) {
    (void)unused;
    pthread_mutex_lock(&watchdog_lock);
    for (;;) {
        if (watchdog_generation % 2 == 0) {
            pthread_cond_wait(&watchdog_changed, &watchdog_lock);
            continue;
        }
        unsigned long armed = watchdog_generation;
        int waited = pthread_cond_timedwait(&watchdog_changed, &watchdog_lock, &watchdog_deadline);
        if (waited == ETIMEDOUT && watchdog_generation == armed) {
            size_t length = strlen(watchdog_message);
            ssize_t written = write(2, watchdog_message, length);
            (void)written;
            release_everything();
            _exit(watchdog_status);
        }
    }
    return NULL;
}

int easel_watchdog_arm(double seconds, const char *message, int status) {
    pthread_mutex_lock(&watchdog_lock);
    if (!watchdog_started) {
        pthread_condattr_t attributes;
        pthread_condattr_init(&attributes);
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
        pthread_cond_init(&watchdog_changed, &attributes);
        pthread_condattr_destroy(&attributes);
        pthread_t thread;
        pthread_attr_t thread_attributes;
        pthread_attr_init(&thread_attributes);
        pthread_attr_setdetachstate(&thread_attributes, PTHREAD_CREATE_DETACHED);
        pthread_attr_setstacksize(&thread_attributes, 64 * 1024);
        int created = pthread_create(&thread, &thread_attributes, watchdog_main, NULL);
        pthread_attr_destroy(&thread_attributes);
        if (created != 0) { pthread_mutex_unlock(&watchdog_lock); return -1; }
        watchdog_started = 1;
    }
    if (!(seconds > 0)) seconds = 0;
    if (seconds > 1e9) seconds = 1e9;
    snprintf(watchdog_message, sizeof watchdog_message, "%s", message);
    watchdog_status = status;
    clock_gettime(CLOCK_MONOTONIC, &watchdog_deadline);
    double whole = (double)(long)seconds;
    watchdog_deadline.tv_sec += (time_t)whole;
    watchdog_deadline.tv_nsec += (long)((seconds - whole) * 1e9);
    if (watchdog_deadline.tv_nsec >= 1000000000L) { watchdog_deadline.tv_sec += 1; watchdog_deadline.tv_nsec -= 1000000000L; }
    if (watchdog_generation % 2 == 0) watchdog_generation += 1; else watchdog_generation += 2;
    pthread_cond_signal(&watchdog_changed);
    pthread_mutex_unlock(&watchdog_lock);
    return 0;
}

void easel_watchdog_disarm(void) {
    pthread_mutex_lock(&watchdog_lock);
    if (watchdog_generation % 2 == 1) watchdog_generation += 1;
    if (watchdog_started) pthread_cond_signal(&watchdog_changed);
    pthread_mutex_unlock(&watchdog_lock);
}

const char *easel_object_path(const void *address) {
    Dl_info info;
    return dladdr(address, &info) != 0 ? info.dli_fname : NULL;
}
