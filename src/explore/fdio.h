/* fdio: whole reads and writes on a file descriptor, retried when a signal interrupts them. */
#ifndef RT_XP_FDIO_H
#define RT_XP_FDIO_H

#include <stddef.h>

/* Write all len bytes of buf to fd: 0, or -1 (errno set, or 0 after a write of nothing). */
int fdio_write_all(int fd, const void *buf, size_t len);
/* Read exactly len bytes from fd into buf: 0, or -1 at end of file or on an error. */
int fdio_read_all(int fd, void *buf, size_t len);

#endif
