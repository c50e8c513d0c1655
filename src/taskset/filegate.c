/* filegate: the gate every input file passes before it is parsed (XML and the measurements CSV).
 *
 * The file is read here (never by libxml2, which would follow URLs and gunzip), only if it is a
 * regular file of at most 16 MiB; gzip, UTF-16, empty files and NUL bytes are rejected on the
 * bytes. For XML, a linear pre-scan then caps the attributes of one element before libxml2 sees
 * them (taskset/xmlsafe.c parses what passes). */
#include "taskset/filegate.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/sha256.h"
#include "util/textesc.h"

/* ---- reading the file ------------------------------------------------------------------ */

static const char *file_kind(mode_t m)
{
    if (S_ISDIR(m))
        return "is a directory, not a file";
    if (S_ISFIFO(m))
        return "is a FIFO (named pipe), not a regular file";
    if (S_ISCHR(m) || S_ISBLK(m))
        return "is a device, not a regular file";
    if (S_ISSOCK(m))
        return "is a socket, not a regular file";
    return "is not a regular file";
}

static int check_stat(const char *path, const struct stat *sb, rt_diags *d)
{
    if (!S_ISREG(sb->st_mode)) {
        /* a stream (a pipe, /dev/stdin, a terminal, a socket): the same reason as for "-" */
        bool stream = !S_ISDIR(sb->st_mode) && !S_ISBLK(sb->st_mode);
        rt_diag_error(d, path, 0, "%s%s", file_kind(sb->st_mode),
                      stream ? ": every input is read whole from a regular file, so that the "
                               "report's sha256 names exactly what was analysed; save it to a "
                               "file first" : "");
        return -1;
    }
    if ((uintmax_t)sb->st_size > FILEGATE_MAX_BYTES) {
        rt_diag_error(d, path, 0, "file is larger than 16 MiB (%jd bytes); inputs are limited "
                      "to 16 MiB", (intmax_t)sb->st_size);
        return -1;
    }
    return 0;
}

/* Read at most FILEGATE_MAX_BYTES + 1 bytes of fd into a new buffer. */
static int read_all(int fd, size_t hint, unsigned char **out, size_t *len)
{
    size_t alloc = hint + 1, n = 0;
    unsigned char *buf = malloc(alloc);
    if (!buf)
        return -1;
    for (;;) {
        if (n == alloc) {
            if (alloc > FILEGATE_MAX_BYTES)
                break;
            size_t na = alloc * 2 > FILEGATE_MAX_BYTES + 1 ? FILEGATE_MAX_BYTES + 1 : alloc * 2;
            unsigned char *nb = realloc(buf, na);
            if (!nb) {
                free(buf);
                return -1;
            }
            buf = nb;
            alloc = na;
        }
        ssize_t r = read(fd, buf + n, alloc - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            free(buf);
            return -1;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    *out = buf;
    *len = n;
    return 0;
}

/* Read path into *out (caller frees) if it is a regular file within the size cap. */
static int read_input(const char *path, rt_diags *d, unsigned char **out, size_t *len)
{
    struct stat sb;
    int fd = -1, rc = -1;
    if (stat(path, &sb) != 0) {
        rt_diag_error(d, path, 0, "cannot open file: %s", strerror(errno));
        goto done;
    }
    if (check_stat(path, &sb, d) != 0)
        goto done;
    /* O_NONBLOCK: if the path was swapped for a FIFO since stat, open must not wait. */
    fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        rt_diag_error(d, path, 0, "cannot open file: %s", strerror(errno));
        goto done;
    }
    if (fstat(fd, &sb) != 0) {
        rt_diag_error(d, path, 0, "cannot read file: %s", strerror(errno));
        goto done;
    }
    if (check_stat(path, &sb, d) != 0)
        goto done;
    if (read_all(fd, (size_t)sb.st_size, out, len) != 0) {
        rt_diag_error(d, path, 0, "cannot read file: %s", strerror(errno));
        goto done;
    }
    if (*len > FILEGATE_MAX_BYTES) {
        rt_diag_error(d, path, 0, "file is larger than 16 MiB; inputs are limited to 16 MiB");
        free(*out);
        *out = NULL;
        goto done;
    }
    rc = 0;
done:
    if (fd >= 0)
        close(fd);
    return rc;
}

/* Checks on the raw bytes, before any parsing. */
static int check_bytes(const char *path, const unsigned char *buf, size_t len, rt_diags *d)
{
    if (len == 0) {
        rt_diag_error(d, path, 0, "file is empty");
        return -1;
    }
    if (len >= 2 && buf[0] == 0x1f && buf[1] == 0x8b) {
        rt_diag_error(d, path, 0, "file is gzip-compressed; compressed inputs are not accepted "
                      "(decompress it first)");
        return -1;
    }
    if (len >= 2 && ((buf[0] == 0xff && buf[1] == 0xfe) || (buf[0] == 0xfe && buf[1] == 0xff))) {
        rt_diag_error(d, path, 1, "file is UTF-16 or UTF-32; inputs must be UTF-8");
        return -1;
    }
    const unsigned char *nul = memchr(buf, 0, len);
    if (nul) {
        long line = 1;
        for (const unsigned char *p = buf; p < nul; p++)
            line += *p == '\n';
        rt_diag_error(d, path, line, "file contains a NUL byte (inputs must be UTF-8 text, "
                      "not binary)");
        return -1;
    }
    return 0;
}

/* ---- the attribute pre-scan -------------------------------------------------------------- */

/* Skip from p to just past the first occurrence of end (counting lines); NULL if none. */
static const unsigned char *skip_past(const unsigned char *p, const unsigned char *e,
                                      const char *end, long *line)
{
    size_t n = strlen(end);
    for (; p + n <= e; p++) {
        if (memcmp(p, end, n) == 0)
            return p + n;
        *line += *p == '\n';
    }
    return NULL;
}

/* libxml2 checks each attribute of an element against the ones before it (quadratic time: 200,000
 * attributes on one element cost minutes), so the bytes are scanned first, in linear time, and a
 * start tag with more than FILEGATE_MAX_ATTRIBUTES attributes is refused at its line. Comments,
 * CDATA sections and processing instructions are skipped; in a start tag, each '=' outside a
 * quoted value is one attribute (a value may hold '=' and '>'). At a DOCTYPE, or at markup that
 * is not well-formed, the scan stops and leaves the message to the parser. */
int filegate_check_attributes(const char *path, const unsigned char *buf, size_t len,
                              rt_diags *d)
{
    const unsigned char *p = buf, *e = buf + len;
    long line = 1;
    while (p < e) {
        if (*p != '<') {
            line += *p++ == '\n';
            continue;
        }
        long at = line;
        size_t left = (size_t)(e - p);
        if (left >= 4 && memcmp(p, "<!--", 4) == 0)
            p = skip_past(p + 4, e, "-->", &line);
        else if (left >= 9 && memcmp(p, "<![CDATA[", 9) == 0)
            p = skip_past(p + 9, e, "]]>", &line);
        else if (left >= 2 && p[1] == '?')
            p = skip_past(p + 2, e, "?>", &line);
        else if (left >= 2 && p[1] == '!')
            return 0;   /* a DOCTYPE: refused by the parser */
        else if (left >= 2 && p[1] == '/')
            p = skip_past(p + 2, e, ">", &line);
        else {
            const unsigned char *name = ++p;
            while (p < e && *p != '>' && *p != '/' && *p != ' ' && *p != '\t' && *p != '\n' &&
                   *p != '\r')
                p++;
            size_t name_len = (size_t)(p - name);
            long count = 0;
            while (p < e && *p != '>') {
                if (*p == '"' || *p == '\'') {
                    char q[2] = {(char)*p, '\0'};
                    p = skip_past(p + 1, e, q, &line);
                    if (!p)
                        return 0;
                    continue;
                }
                if (*p == '<')
                    return 0;   /* not well-formed: the parser says where */
                if (*p == '=' && ++count > FILEGATE_MAX_ATTRIBUTES) {
                    char nm[80], q[100];
                    snprintf(nm, sizeof nm, "%.*s", (int)(name_len < 64 ? name_len : 64),
                             (const char *)name);
                    rt_diag_error(d, path, at, "element <%s> has more than %d attributes; "
                                  "inputs are limited to %d attributes on one element",
                                  rt_textesc_quote(nm, q, sizeof q), FILEGATE_MAX_ATTRIBUTES,
                                  FILEGATE_MAX_ATTRIBUTES);
                    return -1;
                }
                line += *p++ == '\n';
            }
        }
        if (!p)
            return 0;   /* unterminated: the parser says where */
    }
    return 0;
}

int filegate_read(const char *path, rt_diags *d, unsigned char **out, size_t *len,
                  unsigned char sha256[32])
{
    *out = NULL;
    if (read_input(path, d, out, len) != 0)
        return -1;
    if (check_bytes(path, *out, *len, d) != 0) {
        free(*out);
        *out = NULL;
        return -1;
    }
    rt_sha256(*out, *len, sha256);
    return 0;
}

