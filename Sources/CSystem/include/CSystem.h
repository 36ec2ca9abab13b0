#ifndef CSYSTEM_H
#define CSYSTEM_H

// What `import Glibc` hides from Swift: epoll, accept4, pipe2, and a signal handler
// that only writes one byte to a pipe (the one async-signal-safe way to wake
// an event loop from a signal).

#include <sys/epoll.h>
#include <sys/socket.h>
#include <signal.h>

/// What `getsockopt(TCP_INFO)` says about a connection's timing: the fields
/// of `struct tcp_info` from <linux/tcp.h> that the server uses, which the
/// C library's older copy of the struct lacks. A `has_` flag is 0 when the
/// running kernel's struct is too short to hold that field.
struct csystem_tcp_timing {
    int has_rtt;
    unsigned int rtt_us;          // tcpi_rtt: smoothed round-trip time
    int has_min_rtt;
    unsigned int min_rtt_us;      // tcpi_min_rtt: ~0U until the first sample
    int has_notsent;
    unsigned int notsent_bytes;   // tcpi_notsent_bytes: written but not yet transmitted
};

/// Fills `timing` from `getsockopt(fd, IPPROTO_TCP, TCP_INFO)`. Returns 0, or -1 with errno set.
int csystem_tcp_timing(int fd, struct csystem_tcp_timing *timing);

/// `setsockopt(fd, IPPROTO_TCP, option, value)` for the TCP options the server sets.
int csystem_set_tcp_option(int fd, int option, int value);

static const int csystem_TCP_NODELAY = 1;          // TCP_NODELAY
static const int csystem_TCP_NOTSENT_LOWAT = 25;   // TCP_NOTSENT_LOWAT (Linux 3.12)
static const int csystem_TCP_KEEPIDLE = 4;          // TCP_KEEPIDLE: idle seconds before the first probe
static const int csystem_TCP_KEEPINTVL = 5;         // TCP_KEEPINTVL: seconds between probes
static const int csystem_TCP_KEEPCNT = 6;           // TCP_KEEPCNT: unanswered probes before the peer is dead
static const int csystem_TCP_USER_TIMEOUT = 18;     // TCP_USER_TIMEOUT (Linux 2.6.37): ms data may stay unacknowledged

/// `setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, 1)`.
int csystem_enable_keepalive(int fd);

/// `accept4`, and the peer's address as text ("192.0.2.7", "2001:db8::1"; an
/// IPv4-mapped IPv6 address as its IPv4 form) written to `text` (at least 46
/// bytes; "?" when the kernel gives no address it can format): one call
/// where `accept4` and `getpeername` would take two. Returns the descriptor,
/// or -1 with errno set.
int csystem_accept_with_address(int fd, int flags, char *text, unsigned int capacity);

/// Whether `fd` has the options the server gives the listener (`TCP_NODELAY`,
/// `TCP_NOTSENT_LOWAT` 1, keepalive with the given timings, `TCP_USER_TIMEOUT`):
/// Linux copies them to each accepted socket, and this is how the server
/// checks that the kernel it runs on did. The corresponding C function is
/// `getsockopt`. Returns 1 or 0.
int csystem_has_tcp_options(int fd, int idle, int interval, int count, int user_timeout_ms);

/// Has glibc's malloc sort the chunks freed since it last did (see
/// `HeapSweep` in the server): one allocation too big for its caches, given
/// straight back. The pointer goes through a volatile so that no compiler
/// drops the pair.
void csystem_sweep_heap(void);

/// The corresponding C function is `getrandom` (Linux 3.17), hidden by `import Glibc`.
long csystem_getrandom(void *buffer, unsigned long length);

/// The corresponding C function is `pipe2`.
int csystem_pipe2(int fds[2], int flags);

/// Installs a handler for `signo` that writes one byte (the signal number) to
/// `wakeFD`, which must be non-blocking, and unblocks `signo` for the calling
/// thread. Returns 0, or -1 with errno set.
int csystem_forward_signal(int signo, int wakeFD);

/// Restores the default disposition of `signo`.
int csystem_reset_signal(int signo);

/// The terminal's size (`ioctl(TIOCGWINSZ)`, which Swift cannot call: it is variadic).
/// Returns 0, or -1 with errno set.
int csystem_window_size(int fd, unsigned short *rows, unsigned short *columns);

/// Puts the terminal on `fd` in raw mode, on the alternate screen, with the
/// cursor hidden. The original settings are saved, and restored by
/// `csystem_terminal_restore`, which is also registered with atexit so that
/// every way out of the process gives the terminal back. Returns 0 or -1.
/// A crash (SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP) restores the
/// terminal too, then takes its default action.
int csystem_terminal_enter(int fd);

/// Restores what `csystem_terminal_enter` changed; does nothing if not entered.
void csystem_terminal_restore(void);

static const unsigned int csystem_EPOLLIN = EPOLLIN;
static const unsigned int csystem_EPOLLOUT = EPOLLOUT;
static const unsigned int csystem_EPOLLERR = EPOLLERR;
static const unsigned int csystem_EPOLLHUP = EPOLLHUP;
static const unsigned int csystem_EPOLLRDHUP = EPOLLRDHUP;

#endif
