#define _GNU_SOURCE
#include "CSystem.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <linux/tcp.h>
#include <pthread.h>
#include <string.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <termios.h>
#include <unistd.h>

int csystem_tcp_timing(int fd, struct csystem_tcp_timing *timing) {
    struct tcp_info info;
    memset(&info, 0, sizeof info);
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
#define HAS(field) (length >= offsetof(struct tcp_info, field) + sizeof info.field)
    timing->has_rtt = HAS(tcpi_rtt);
    timing->rtt_us = info.tcpi_rtt;
    timing->has_min_rtt = HAS(tcpi_min_rtt);
    timing->min_rtt_us = info.tcpi_min_rtt;
    timing->has_notsent = HAS(tcpi_notsent_bytes);
    timing->notsent_bytes = info.tcpi_notsent_bytes;
#undef HAS
    return 0;
}

int csystem_set_tcp_option(int fd, int option, int value) {
    return setsockopt(fd, IPPROTO_TCP, option, &value, sizeof value);
}

int csystem_enable_keepalive(int fd) {
    int one = 1;
    return setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
}

static int format_address(const struct sockaddr_storage *peer, char *text, unsigned int capacity) {
    if (peer->ss_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)peer;
        return inet_ntop(AF_INET, &v4->sin_addr, text, capacity) ? 0 : -1;
    }
    if (peer->ss_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)peer;
        if (IN6_IS_ADDR_V4MAPPED(&v6->sin6_addr)) {
            return inet_ntop(AF_INET, &v6->sin6_addr.s6_addr[12], text, capacity) ? 0 : -1;
        }
        return inet_ntop(AF_INET6, &v6->sin6_addr, text, capacity) ? 0 : -1;
    }
    return -1;
}

int csystem_accept_with_address(int fd, int flags, char *text, unsigned int capacity) {
    struct sockaddr_storage peer;
    memset(&peer, 0, sizeof peer);
    socklen_t length = sizeof peer;
    int accepted = accept4(fd, (struct sockaddr *)&peer, &length, flags);
    if (accepted < 0) return -1;
    if (format_address(&peer, text, capacity) != 0 && capacity >= 2) {
        text[0] = '?';
        text[1] = 0;
    }
    return accepted;
}

static int tcp_option(int fd, int level, int option) {
    int value = -1;
    socklen_t length = sizeof value;
    return getsockopt(fd, level, option, &value, &length) == 0 ? value : -1;
}

int csystem_has_tcp_options(int fd, int idle, int interval, int count, int user_timeout_ms) {
    return tcp_option(fd, IPPROTO_TCP, TCP_NODELAY) > 0
        && tcp_option(fd, IPPROTO_TCP, TCP_NOTSENT_LOWAT) == 1
        && tcp_option(fd, SOL_SOCKET, SO_KEEPALIVE) > 0
        && tcp_option(fd, IPPROTO_TCP, TCP_KEEPIDLE) == idle
        && tcp_option(fd, IPPROTO_TCP, TCP_KEEPINTVL) == interval
        && tcp_option(fd, IPPROTO_TCP, TCP_KEEPCNT) == count
        && tcp_option(fd, IPPROTO_TCP, TCP_USER_TIMEOUT) == user_timeout_ms;
}

void csystem_sweep_heap(void) {
    // glibc sorts at most 10,000 unsorted chunks a request (MAX_ITERS): twice covers a broadcast to 20,000.
    for (int i = 0; i < 2; i++) {
        void *volatile block = malloc(64 * 1024);
        free(block);
    }
}

long csystem_getrandom(void *buffer, unsigned long length) {
    return getrandom(buffer, length, 0);
}

int csystem_pipe2(int fds[2], int flags) {
    return pipe2(fds, flags);
}

// One wake fd per signal number; written from the handler only.
static volatile int wake_fds[65];

static void forward(int signo) {
    int saved = errno;
    if (signo > 0 && signo < 65 && wake_fds[signo] >= 0) {
        unsigned char byte = (unsigned char)signo;
        ssize_t ignored = write(wake_fds[signo], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int csystem_forward_signal(int signo, int wakeFD) {
    if (signo <= 0 || signo >= 65) { errno = EINVAL; return -1; }
    wake_fds[signo] = wakeFD;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    if (sigaction(signo, &action, NULL) != 0) return -1;
    // A parent that spawned us from a thread with signals blocked (libdispatch
    // worker threads block them) leaves them blocked here too: unblock ours.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    return pthread_sigmask(SIG_UNBLOCK, &set, NULL) == 0 ? 0 : -1;
}

int csystem_reset_signal(int signo) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    return sigaction(signo, &action, NULL);
}

int csystem_window_size(int fd, unsigned short *rows, unsigned short *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

static struct termios saved_termios;
static int terminal_fd = -1;

static void write_all(int fd, const char *text) {
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = write(fd, text, left);
        if (n <= 0) { if (n < 0 && errno == EINTR) continue; return; }
        text += n;
        left -= (size_t)n;
    }
}

void csystem_terminal_restore(void) {
    if (terminal_fd < 0) return;
    // Show the cursor, reset colours, wrap at the edge again, leave the alternate screen.
    write_all(terminal_fd, "\033[0m\033[?25h\033[?7h\033[?1049l");
    tcsetattr(terminal_fd, TCSAFLUSH, &saved_termios);
    terminal_fd = -1;
}

/* A crash must not leave the player's terminal raw and on the alternate
   screen: these signals restore it first, then take their default action
   (the process ends, with a core where enabled). Not the handler before
   ours: the Swift runtime's returns when the signal came from kill(), and
   the game would run on with a normal terminal under it. */
static const int crash_signals[] = { SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP };
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])
/* A stack overflow needs a stack of its own to run the handler: this one
   serves the thread that entered raw mode (the client's only UI thread). */
static char crash_stack[64 * 1024];

static void restore_then_crash(int signal_number) {
    csystem_terminal_restore();  /* write() and tcsetattr() are async-signal-safe */
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void catch_crashes(void) {
    stack_t stack = { .ss_sp = crash_stack, .ss_size = sizeof crash_stack, .ss_flags = 0 };
    sigaltstack(&stack, NULL);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = restore_then_crash;
    action.sa_flags = SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) sigaction(crash_signals[i], &action, NULL);
}

int csystem_terminal_enter(int fd) {
    static int registered = 0;
    if (tcgetattr(fd, &saved_termios) != 0) return -1;
    struct termios raw = saved_termios;
    cfmakeraw(&raw);
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (!registered) { atexit(csystem_terminal_restore); catch_crashes(); registered = 1; }
    if (tcsetattr(fd, TCSAFLUSH, &raw) != 0) return -1;
    terminal_fd = fd;
    // Alternate screen, clear it, hide the cursor, and no wrapping at the right edge:
    // a row a terminal draws wider than we measured (a ZWJ sequence it shows as
    // three glyphs) is cut there instead of pushing every row below it down.
    write_all(fd, "\033[?1049h\033[2J\033[?25l\033[?7l");
    return 0;
}
