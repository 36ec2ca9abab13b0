#ifndef CSYSTEM_H
#define CSYSTEM_H

// What `import Glibc` hides from Swift: epoll, accept4, pipe2, and a signal handler
// that only writes one byte to a pipe (the one async-signal-safe way to wake
// an event loop from a signal).

#include <sys/epoll.h>
#include <sys/socket.h>
#include <signal.h>

/// The corresponding C function is `accept4`.
int csystem_accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags);

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

static const unsigned int csystem_EPOLLIN = EPOLLIN;
static const unsigned int csystem_EPOLLOUT = EPOLLOUT;
static const unsigned int csystem_EPOLLERR = EPOLLERR;
static const unsigned int csystem_EPOLLHUP = EPOLLHUP;
static const unsigned int csystem_EPOLLRDHUP = EPOLLRDHUP;

#endif
