/* fdio: whole reads and writes on a file descriptor, retried after EINTR. */
#include "explore/fdio.h"

#include <errno.h>
#include <unistd.h>

/* Move len bytes: out to fd when out is given, else from fd into in. 0, or -1. */
static int fdio_all(int fd, const char *out, char *in, size_t len)
{
    for (size_t done = 0; done < len;) {
        ssize_t n = out ? write(fd, out + done, len - done) : read(fd, in + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        done += (size_t)n;
    }
    return 0;
}

int fdio_write_all(int fd, const void *buf, size_t len)
{
    return fdio_all(fd, buf, NULL, len);
}

int fdio_read_all(int fd, void *buf, size_t len)
{
    return fdio_all(fd, NULL, buf, len);
}
