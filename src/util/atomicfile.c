/* atomicfile: write a whole buffer to a file so that readers see all of it or nothing. */
/* realpath; the reserved name is POSIX's feature-test macro
 * NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _XOPEN_SOURCE 700
#include "util/atomicfile.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int write_all(int fd, const char *p, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

/* A temporary file beside path, renamed over it once complete. */
static int write_replace(const char *path, const void *buf, size_t len)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    if (!tmp)
        return -1;
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp.XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        free(tmp);
        return -1;
    }
    mode_t mask = umask(0); /* read the umask: the report gets 0666 & ~umask, like fopen */
    umask(mask);
    int err = 0;
    if (fchmod(fd, 0666 & ~mask) != 0 || write_all(fd, buf, len) != 0 || fsync(fd) != 0)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err)
        unlink(tmp);
    free(tmp);
    errno = err;
    return err ? -1 : 0;
}

/* Devices, FIFOs and sockets (-o /dev/null, -o /dev/stdout, a pipe) cannot be replaced by a
 * rename, and must not be: they are written in place. */
static int write_in_place(const char *path, const void *buf, size_t len)
{
    int fd = open(path, O_WRONLY | O_NOCTTY);
    if (fd < 0)
        return -1;
    int err = write_all(fd, buf, len) != 0 ? errno : 0;
    if (close(fd) != 0 && !err)
        err = errno;
    errno = err;
    return err ? -1 : 0;
}

int rt_write_atomic(const char *path, const void *buf, size_t len)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno != ENOENT)
            return -1;
        if (lstat(path, &st) == 0) { /* a dangling symbolic link: refuse to guess */
            errno = ENOENT;
            return -1;
        }
        return write_replace(path, buf, len);
    }
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    if (!S_ISREG(st.st_mode))
        return write_in_place(path, buf, len);
    /* A regular file, perhaps behind symbolic links: replace the file itself, not the link. */
    char *real = realpath(path, NULL);
    if (!real)
        return -1;
    int rc = write_replace(real, buf, len);
    int err = errno;
    free(real);
    errno = err;
    return rc;
}

int rt_atomic_open(rt_atomic_stream *s, const char *path)
{
    struct stat st;
    memset(s, 0, sizeof *s);
    bool in_place = false;
    if (stat(path, &st) != 0) {
        if (errno != ENOENT)
            return -1;
        if (lstat(path, &st) == 0) { /* a dangling symbolic link: refuse to guess */
            errno = ENOENT;
            return -1;
        }
        s->target = strdup(path);
    } else if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    } else if (!S_ISREG(st.st_mode)) {
        in_place = true;
        s->target = strdup(path);
    } else {
        s->target = realpath(path, NULL);
    }
    if (!s->target)
        return -1;
    if (in_place) {
        s->f = fopen(s->target, "w");
    } else {
        size_t plen = strlen(s->target);
        s->tmp = malloc(plen + 16);
        if (s->tmp) {
            memcpy(s->tmp, s->target, plen);
            memcpy(s->tmp + plen, ".tmp.XXXXXX", 12);
            int fd = mkstemp(s->tmp);
            mode_t mask = umask(0);
            umask(mask);
            if (fd >= 0 && fchmod(fd, 0666 & ~mask) == 0)
                s->f = fdopen(fd, "w");
            if (fd >= 0 && !s->f) {
                close(fd);
                unlink(s->tmp);
            }
        }
    }
    if (!s->f) {
        int err = errno;
        free(s->tmp);
        free(s->target);
        memset(s, 0, sizeof *s);
        errno = err;
        return -1;
    }
    return 0;
}

int rt_atomic_commit(rt_atomic_stream *s)
{
    int err = 0;
    if (fflush(s->f) != 0 || ferror(s->f) || (s->tmp && fsync(fileno(s->f)) != 0))
        err = errno ? errno : EIO;
    if (fclose(s->f) != 0 && !err)
        err = errno;
    if (s->tmp && !err && rename(s->tmp, s->target) != 0)
        err = errno;
    if (s->tmp && err)
        unlink(s->tmp);
    free(s->tmp);
    free(s->target);
    memset(s, 0, sizeof *s);
    errno = err;
    return err ? -1 : 0;
}

void rt_atomic_abort(rt_atomic_stream *s)
{
    if (s->f)
        fclose(s->f);
    if (s->tmp)
        unlink(s->tmp);
    free(s->tmp);
    free(s->target);
    memset(s, 0, sizeof *s);
}
