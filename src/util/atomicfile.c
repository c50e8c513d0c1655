/* atomicfile: write an output file so that readers see all of it or nothing.
 *
 * A regular target is written to an unnamed file made with O_TMPFILE in the target's directory:
 * it has no name while it is written, so a crash or a SIGKILL leaves nothing behind (the kernel
 * frees an unnamed file with its last descriptor). At commit, after fsync, it is linked in with
 * linkat through /proc/self/fd: straight at the target's name when there is no file there, else
 * under a temporary name that is renamed over the target at once (rename replaces atomically;
 * link cannot), so the only name besides the target ever seen is a complete file, for the two
 * system calls between link and rename. Where the file system refuses O_TMPFILE, the content is
 * written to a visible temporary file beside the target (mkstemp) and renamed at commit.
 * Visible names are kept in a fixed table that the handler of rt_atomicfile_signals_init reads, so
 * that SIGINT, SIGTERM and SIGHUP remove them (unlink is async-signal-safe) before the process
 * ends by the same signal. An existing target keeps its permission bits (and, where the caller
 * may set them, its owner and group); one that the caller may not write, or that no one may,
 * is refused instead of replaced. */
/* O_TMPFILE, AT_EMPTY_PATH; the reserved name is glibc's feature-test macro
 * NOLINTNEXTLINE(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#define _GNU_SOURCE
#include "util/atomicfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util/analyzer.h"

/* ---- visible temporary names, removed on a signal ----------------------------------------- */

#define SLOTS 8
static char slot_path[SLOTS][PATH_MAX];
static volatile sig_atomic_t slot_used[SLOTS];

static void on_signal(int sig)
{
    int saved = errno;
    for (int i = 0; i < SLOTS; i++)
        if (slot_used[i])
            unlink(slot_path[i]);
    errno = saved;
    raise(sig); /* SA_RESETHAND: delivered with the default action once the handler returns */
}

int rt_atomicfile_signals_init(void)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa;
        if (sigaction(sigs[i], NULL, &old) != 0)
            return -1;
        if (old.sa_handler == SIG_IGN) /* nohup: leave it ignored */
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sa.sa_flags = SA_RESETHAND;
        sigemptyset(&sa.sa_mask);
        if (sigaction(sigs[i], &sa, NULL) != 0)
            return -1;
    }
    return 0;
}

/* A free slot holding name (the handler may unlink it from now on), or -1. */
static int slot_take(const char *name)
{
    size_t n = strlen(name);
    if (n >= PATH_MAX)
        return -1;
    for (int i = 0; i < SLOTS; i++)
        if (!slot_used[i]) {
            memcpy(slot_path[i], name, n + 1);
            slot_used[i] = 1;
            return i;
        }
    return -1;
}

static void slot_give(int i)
{
    if (i >= 0)
        slot_used[i] = 0;
}

/* ---- opening ---------------------------------------------------------------------------- */

/* The directory part of path ("." when there is none). Caller frees. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    size_t n = (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = '\0';
    }
    return d;
}

/* s->tmp belongs to the stream (freed by commit, abort or fail_open); gcc 12's analyzer
 * reads a name stored into the caller's record as a leak */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
/* A visible temporary file beside s->target, its name in a signal slot: the descriptor or -1. */
static int open_visible(rt_atomic_stream *s)
{
    size_t plen = strlen(s->target);
    s->tmp = malloc(plen + 12);
    if (!s->tmp)
        return -1;
    memcpy(s->tmp, s->target, plen);
    memcpy(s->tmp + plen, ".tmp.XXXXXX", 12);
    s->slot = slot_take(s->tmp);
    /* mkstemp fills in the name in the slot itself, so the handler always sees the file's name */
    char *name = s->slot >= 0 ? slot_path[s->slot] : s->tmp;
    int fd = mkstemp(name);
    if (fd >= 0 && name != s->tmp)
        memcpy(s->tmp, name, plen + 12);   /* the same length: only the X's changed */
    return fd;
}
RT_ANALYZER_ON

/* Give fd the permission bits (and owner) of the file it replaces, else the umask's 0666. */
static int set_mode(int fd, const struct stat *old)
{
    if (old) {
        if (fchown(fd, old->st_uid, old->st_gid) != 0) {
            /* not permitted (another owner): the file becomes the caller's, like a copy */
        }
        return fchmod(fd, old->st_mode & 0777);
    }
    mode_t mask = umask(0); /* read the umask: 0666 & ~umask, as fopen would create it */
    umask(mask);
    return fchmod(fd, 0666 & ~mask);
}

/* Free what s holds (the visible temporary removed unless committed) and clear it. */
static void release(rt_atomic_stream *s, bool remove_tmp)
{
    if (s->tmp && remove_tmp)
        unlink(s->tmp);
    slot_give(s->slot);
    free(s->tmp);
    free(s->target);
    memset(s, 0, sizeof *s);
    s->slot = -1;
}

/* An open that failed: close fd (when open), release s and its temporary, keep errno. */
static void fail_open(rt_atomic_stream *s, int fd)
{
    int err = errno;
    if (fd >= 0)
        close(fd);
    release(s, true);
    errno = err;
}

static int open_stream(rt_atomic_stream *s, const char *path, bool allow_unnamed)
{
    memset(s, 0, sizeof *s);
    s->slot = -1;
    if (!path || !path[0]) {
        errno = ENOENT;
        return -1;
    }
    struct stat st;
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
        /* devices, FIFOs and sockets (-o /dev/null, a pipe) cannot be renamed over: in place */
        s->target = strdup(path);
        s->f = s->target ? fopen(s->target, "w") : NULL;
        if (!s->f)
            fail_open(s, -1);
        return s->f ? 0 : -1;
    } else {
        /* a regular file, perhaps behind symbolic links: replace the file, not the link; one
         * the caller may not write, or that is marked read-only for everyone, is refused */
        if (faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) != 0)
            return -1;   /* errno says why: EACCES, or EROFS on a read-only mount */
        if (!(st.st_mode & 0222)) {
            errno = EACCES;
            return -1;
        }
        s->target = realpath(path, NULL);
        s->replace = true;
    }
    if (!s->target)
        return -1;
    char *dir = dir_of(s->target);
    if (!dir) {
        fail_open(s, -1);
        return -1;
    }
    int fd = allow_unnamed ? open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600) : -1;
    free(dir);
    s->unnamed = fd >= 0;
    if (fd < 0)
        fd = open_visible(s);
    if (fd < 0 || set_mode(fd, s->replace ? &st : NULL) != 0 || !(s->f = fdopen(fd, "w"))) {
        fail_open(s, fd);
        return -1;
    }
    return 0;
}

int rt_atomicfile_open(rt_atomic_stream *s, const char *path)
{
    return open_stream(s, path, true);
}

int rt_atomicfile_open_visible(rt_atomic_stream *s, const char *path)
{
    return open_stream(s, path, false);
}

/* ---- committing ------------------------------------------------------------------------- */

/* Give the unnamed file fd the name `name`: 0, or -1 with errno (EEXIST when it is taken). */
static int link_fd(int fd, const char *name)
{
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    if (linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0)
        return 0;
    if (errno == EEXIST)
        return -1;
    return linkat(fd, "", AT_FDCWD, name, AT_EMPTY_PATH); /* without /proc, where permitted */
}

/* Link the unnamed file over s->target: under a fresh temporary name (held in a signal slot),
 * then renamed over the target. 0, or -1 with errno. */
static int link_replace(rt_atomic_stream *s, int fd)
{
    size_t plen = strlen(s->target);
    char *name = malloc(plen + 48);
    if (!name)
        return -1;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    int rc = -1, err = EEXIST;
    for (unsigned k = 0; k < 100 && err == EEXIST; k++) {
        snprintf(name, plen + 48, "%s.tmp.%ld.%lx%u", s->target, (long)getpid(),
                 (unsigned long)now.tv_nsec, k);
        int slot = slot_take(name);
        rc = link_fd(fd, name);
        err = rc == 0 ? 0 : errno;
        if (rc == 0) {
            if (rename(name, s->target) != 0) {
                err = errno;
                unlink(name);
                rc = -1;
            }
        }
        slot_give(slot);
    }
    free(name);
    errno = err;
    return rc;
}

/* The content of the unnamed file fd, copied to a visible temporary file and renamed over the
 * target: where the file system made the unnamed file but will not link it. */
static int copy_replace(rt_atomic_stream *s, int fd)
{
    int out = open_visible(s);
    int err = out < 0 ? errno : 0;
    char buf[65536];
    if (!err && lseek(fd, 0, SEEK_SET) != 0)
        err = errno;
    for (ssize_t n; !err && (n = read(fd, buf, sizeof buf)) != 0;) {
        if (n < 0) {
            if (errno != EINTR)
                err = errno;
            continue;
        }
        for (ssize_t done = 0, w; !err && done < n; done += w > 0 ? w : 0)
            if ((w = write(out, buf + done, (size_t)(n - done))) < 0 && errno != EINTR)
                err = errno;
    }
    struct stat st;
    if (!err && (fstat(fd, &st) != 0 || fchmod(out, st.st_mode & 0777) != 0 || fsync(out) != 0))
        err = errno;
    if (out >= 0 && close(out) != 0 && !err)
        err = errno;
    if (!err && rename(s->tmp, s->target) != 0)
        err = errno;
    errno = err;
    return err ? -1 : 0;
}

int rt_atomicfile_commit(rt_atomic_stream *s)
{
    int err = 0;
    int fd = fileno(s->f);
    bool in_place = !s->unnamed && !s->tmp;
    if (fflush(s->f) != 0 || ferror(s->f) || (!in_place && fsync(fd) != 0))
        err = errno ? errno : EIO;
    if (!err && s->unnamed) {
        bool linked = !s->replace && link_fd(fd, s->target) == 0;
        if (!linked && link_replace(s, fd) != 0) {
            err = errno;
            if (err != ENOMEM && err != ENOSPC && err != EDQUOT)
                err = copy_replace(s, fd) == 0 ? 0 : errno;
        }
    }
    if (fclose(s->f) != 0 && !err)
        err = errno;
    if (!err && !s->unnamed && s->tmp && rename(s->tmp, s->target) != 0)
        err = errno;
    /* a visible temporary is gone once renamed; otherwise it is removed here */
    release(s, err != 0);
    errno = err;
    return err ? -1 : 0;
}

void rt_atomicfile_abort(rt_atomic_stream *s)
{
    if (s->f)
        fclose(s->f);
    release(s, true);
}

int rt_atomicfile_write(const char *path, const void *buf, size_t len)
{
    rt_atomic_stream s;
    if (rt_atomicfile_open(&s, path) != 0)
        return -1;
    if (len && fwrite(buf, 1, len, s.f) != len) {
        int err = errno;
        rt_atomicfile_abort(&s);
        errno = err;
        return -1;
    }
    return rt_atomicfile_commit(&s);
}
