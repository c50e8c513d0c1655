/* run: a sweep from points to result lines.
 *
 * The shard I/N holds the points p with p mod N = I - 1. With --resume the output file is read
 * first: its complete lines must all carry this spec's id and hold points of this shard, each
 * once; a last line without its '\n' (a run killed in the middle of a write) is cut off and its
 * point run again. The points left are evaluated in increasing order; each result line goes to
 * the output with one write(2) on a descriptor opened with O_APPEND, so a killed run leaves
 * only whole lines behind. With --jobs the points are evaluated by worker processes
 * (explore/workers.c) and their lines written here in point order. */
#include "explore/run.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "explore/engine.h"
#include "explore/fdio.h"
#include "explore/result.h"
#include "explore/workers.h"

/* Largest sweep whose per-point records (--plot, --resume) are held in memory: 2^26 points. */
#define RECORDS_MAX ((uint64_t)1 << 26)

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void xp_run_result_fini(xp_run_result *r)
{
    free(r->records);
    r->records = NULL;
}

static void record_of(const xp_parsed *p, xp_record *r)
{
    r->state = p->schedulable < 0 ? XP_REC_ERROR : p->schedulable ? XP_REC_SCHED : XP_REC_MISS;
    r->has_slack = p->has_slack;
    r->min_slack_ns = p->min_slack_ns;
}

static void record_outcome(const xp_outcome *o, xp_record *r)
{
    r->state = !o->valid ? XP_REC_ERROR : o->schedulable ? XP_REC_SCHED : XP_REC_MISS;
    r->has_slack = o->has_slack;
    r->min_slack_ns = o->min_slack_ns;
}

/* ---- reading result files ---- */

typedef struct scan {
    const xp_spec *s;
    const char *path;
    rt_diags *d;
    char id[64];
    uint64_t shard, shards;   /* accepted points */
    unsigned char *seen;      /* n_points bits */
    xp_record *records;       /* optional */
    uint64_t count, schedulable, errors;
} scan;

static bool seen_get(const unsigned char *b, uint64_t p)
{
    return (b[p >> 3] >> (p & 7)) & 1;
}

static void seen_set(unsigned char *b, uint64_t p)
{
    b[p >> 3] |= (unsigned char)(1u << (p & 7));
}

/* The complete lines of buf[0..len); len ends after the last '\n'. */
static int scan_lines(scan *sc, const char *buf, size_t len, bool csv)
{
    xp_csv_cols cols = { 0, 0 };
    strbuf hdr = { 0 };
    long line = 0;
    int rc = 0;
    if (csv)
        xp_result_csv_header(sc->s, &hdr);
    for (size_t i = 0; i < len && rc == 0;) {
        /* buf holds len > 0 bytes here (clang-tidy tries a NULL buf)
         * NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker) */
        const char *eol = memchr(buf + i, '\n', len - i);
        size_t n = (size_t)(eol - (buf + i));
        line++;
        xp_parsed p;
        if (n > 0 && buf[i + n - 1] == '\r') {
            rt_diag_error(sc->d, sc->path, line, XP_CRLF_MESSAGE);
            rc = -1;
        } else if (csv && line == 1) {
            if (hdr.oom || n + 1 != hdr.len || memcmp(buf + i, hdr.data, n) != 0 ||
                !xp_result_csv_columns(buf + i, n, &cols)) {
                rt_diag_error(sc->d, sc->path, 1, "its CSV header is not that of this sweep's "
                              "results (written for another sweep file?)");
                rc = -1;
            }
        } else if (!(csv ? xp_result_parse_csv(buf + i, n, &cols, &p) : xp_result_parse_json(buf + i, n, &p))) {
            rt_diag_error(sc->d, sc->path, line, "not a result line of rtgpu-explore (expected %s)",
                          csv ? "a CSV row" : "a JSON object with point and spec");
            rc = -1;
        } else if (strcmp(p.spec, sc->id) != 0) {
            rt_diag_error(sc->d, sc->path, line, "written for spec %s, not for this sweep's %s "
                          "(another sweep file, changed inputs, or --sensitivity given to one run only)",
                          p.spec, sc->id);
            rc = -1;
        } else if (p.point >= sc->s->n_points || p.point % sc->shards != sc->shard - 1) {
            rt_diag_error(sc->d, sc->path, line, "point %" PRIu64 " is not a point of shard "
                          "%" PRIu64 "/%" PRIu64, p.point, sc->shard, sc->shards);
            rc = -1;
        } else if (seen_get(sc->seen, p.point)) {
            rt_diag_error(sc->d, sc->path, line, "point %" PRIu64 " is present twice", p.point);
            rc = -1;
        } else {
            seen_set(sc->seen, p.point);
            sc->count++;
            sc->schedulable += p.schedulable == 1;
            sc->errors += p.schedulable < 0;
            if (sc->records)
                record_of(&p, &sc->records[p.point]);
        }
        i += n + 1;
    }
    strbuf_fini(&hdr);
    return rc;
}

/* Read the open file fd whole into *buf (caller frees); *len. 0, or -1 after an error (named
 * after path). */
static int read_fd(int fd, const char *path, char **buf, size_t *len, rt_diags *d)
{
    *buf = NULL;
    *len = 0;
    strbuf b = { 0 };
    char tmp[65536];
    int err = 0;
    for (ssize_t n; (n = read(fd, tmp, sizeof tmp)) != 0;) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            err = errno;
            break;
        }
        size_t k = (size_t)n;
        if (!b.oom && b.len + k + 1 > b.cap) {
            size_t cap = b.cap ? b.cap : 65536;
            while (b.len + k + 1 > cap)
                cap *= 2;
            char *nd = realloc(b.data, cap);
            if (!nd)
                b.oom = true;
            else {
                b.data = nd;
                b.cap = cap;
            }
        }
        if (!b.oom) {
            memcpy(b.data + b.len, tmp, k);
            b.len += k;
        }
    }
    if (err || b.oom) {
        rt_diag_error(d, path, 0, err ? "cannot read: %s" : "out of memory", strerror(err));
        strbuf_fini(&b);
        return -1;
    }
    *buf = b.data;
    *len = b.len;
    return 0;
}

/* Read path whole into *buf; *len; -1 after an error (ENOENT: *buf NULL, 0 returned). */
static int read_file(const char *path, char **buf, size_t *len, rt_diags *d)
{
    *buf = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return 0;
        rt_diag_error(d, path, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    int rc = read_fd(fd, path, buf, len, d);
    close(fd);
    return rc;
}

int xp_run_read_records(const xp_spec *s, const char *const *paths, size_t n, xp_record **out,
                    rt_diags *d)
{
    if (s->n_points > RECORDS_MAX) {
        rt_diag_error(d, s->path, 0, "too many points to plot (%" PRIu64 "; at most %" PRIu64 ")",
                      s->n_points, RECORDS_MAX);
        return -1;
    }
    scan sc = { .s = s, .d = d, .shard = 1, .shards = 1 };
    xp_result_spec_id(s, sc.id);
    sc.seen = calloc((size_t)(s->n_points / 8 + 1), 1);
    sc.records = calloc((size_t)s->n_points, sizeof *sc.records);
    int rc = -1;
    if (!sc.seen || !sc.records) {
        rt_diag_error(d, NULL, 0, "out of memory");
        goto done;
    }
    for (size_t f = 0; f < n; f++) {
        char *buf;
        size_t len;
        sc.path = paths[f];
        if (read_file(paths[f], &buf, &len, d) != 0)
            goto done;
        if (!buf) {
            rt_diag_error(d, paths[f], 0, "cannot open: %s", strerror(ENOENT));
            goto done;
        }
        while (len > 0 && buf[len - 1] != '\n')
            len--;   /* an incomplete last line is not read */
        int r = scan_lines(&sc, buf, len, len > 0 && buf[0] != '{');
        free(buf);
        if (r != 0)
            goto done;
    }
    *out = sc.records;
    sc.records = NULL;
    rc = 0;
done:
    free(sc.seen);
    free(sc.records);
    return rc;
}

/* ---- the run ---- */

typedef struct runner {
    const xp_spec *s;
    const xp_run_opts *o;
    xp_run_result *res;
    rt_diags *d;
    int fd;                   /* output */
    bool own_fd;
    bool regular;             /* the output is a regular file: locked, cut back on short writes */
    unsigned char *seen;      /* --resume: points already in the output; NULL otherwise */
    size_t *idx;
    strbuf line;
} runner;

/* Write one whole line (or the CSV header) to the output. A regular file gets it in one write;
 * a short one (a full disk, a file size limit) is cut back, so the file only ever holds whole
 * lines. 0 (XP_RUN_OK) or XP_RUN_EIO, reported. */
static int write_line(runner *r, const char *buf, size_t len)
{
    const char *name = r->o->out_path ? r->o->out_path : "(standard output)";
    int err = 0;
    if (!r->regular) {
        err = fdio_write_all(r->fd, buf, len) == 0 ? 0 : errno ? errno : EIO;
    } else {
        ssize_t w;
        while ((w = write(r->fd, buf, len)) < 0 && errno == EINTR)
            ;
        if (w < 0) {
            err = errno;
        } else if ((size_t)w != len) {
            /* the rest once more: a second short write tells why (ENOSPC, EFBIG) */
            ssize_t w2 = write(r->fd, buf + w, len - (size_t)w);
            if (w2 == (ssize_t)(len - (size_t)w))
                return XP_RUN_OK;
            err = w2 < 0 ? errno : ENOSPC;
            off_t end = lseek(r->fd, 0, SEEK_END);
            if (end < 0 || ftruncate(r->fd, end - w - (w2 > 0 ? w2 : 0)) != 0) {
                rt_diag_error(r->d, name, 0, "cannot write: %s, and cannot cut the partial last "
                              "line back (--resume cuts it): %s", strerror(err), strerror(errno));
                return XP_RUN_EIO;
            }
        }
    }
    if (!err)
        return XP_RUN_OK;
    rt_diag_error(r->d, name, 0, "cannot write: %s", strerror(err));
    return XP_RUN_EIO;
}

static bool is_done(const runner *r, uint64_t p)
{
    return r->seen && seen_get(r->seen, p);
}

/* --resume: read what the output (open and locked as r->fd) already holds; cut an incomplete
 * last line. */
static int resume_read(runner *r, bool *need_header)
{
    const char *path = r->o->out_path;
    char *buf;
    size_t len;
    if (read_fd(r->fd, path, &buf, &len, r->d) != 0)
        return XP_RUN_EIO;
    size_t keep = len;
    while (keep > 0 && buf && buf[keep - 1] != '\n')
        keep--;
    if (keep != len) {
        rt_diag_warning(r->d, path, 0, "its last line was incomplete (an interrupted write): "
                        "cut off, that point is run again");
        if (ftruncate(r->fd, (off_t)keep) != 0) {
            rt_diag_error(r->d, path, 0, "cannot cut the incomplete last line: %s", strerror(errno));
            free(buf);
            return XP_RUN_EIO;
        }
    }
    scan sc = { .s = r->s, .path = path, .d = r->d, .shard = r->o->shard,
                .shards = r->o->shards, .seen = r->seen, .records = r->res->records };
    xp_result_spec_id(r->s, sc.id);
    int rc = keep ? scan_lines(&sc, buf, keep, r->o->csv) : 0;
    if (rc == 0 && keep && (buf[0] == '{') == r->o->csv) {
        rt_diag_error(r->d, path, 1, "holds %s, but this run writes %s", r->o->csv ? "JSON lines" : "CSV",
                      r->o->csv ? "CSV" : "JSON lines");
        rc = -1;
    }
    free(buf);
    r->res->resumed = sc.count;
    r->res->schedulable = sc.schedulable;
    r->res->errors = sc.errors;
    *need_header = r->o->csv && keep == 0;
    return rc ? XP_RUN_EINPUT : XP_RUN_OK;
}

/* Lock the regular output r->fd for this run (a POSIX write lock on the whole file, held until
 * the descriptor is closed): a second run on the same output is refused with the holder's
 * process ID instead of writing every point twice. */
static int lock_output(runner *r)
{
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
    if (fcntl(r->fd, F_SETLK, &fl) == 0)
        return XP_RUN_OK;
    int err = errno;
    if (err != EACCES && err != EAGAIN) {
        rt_diag_error(r->d, r->o->out_path, 0, "cannot lock: %s", strerror(err));
        return XP_RUN_EIO;
    }
    struct flock who = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
    char holder[64] = "another process";
    if (fcntl(r->fd, F_GETLK, &who) == 0 && who.l_type != F_UNLCK && who.l_pid > 0)
        snprintf(holder, sizeof holder, "process %ld", (long)who.l_pid);
    rt_diag_error(r->d, r->o->out_path, 0, "is being written by another run (%s holds its lock): "
                  "two runs on one output would write every point twice; wait for it to end, "
                  "or give this run another -o", holder);
    return XP_RUN_EINPUT;
}

static int open_output(runner *r)
{
    const xp_run_opts *o = r->o;
    bool header = o->csv;
    r->fd = STDOUT_FILENO;
    if (o->out_path) {
        struct stat st;
        if (lstat(o->out_path, &st) == 0 && S_ISLNK(st.st_mode) && stat(o->out_path, &st) != 0 &&
            errno == ENOENT) {
            rt_diag_error(r->d, o->out_path, 0, "is a symbolic link to a file that does not exist: "
                          "not followed (remove the link, or name its target)");
            return XP_RUN_EINPUT;
        }
        /* a device or FIFO is only written (a FIFO opened for reading too would swallow it) */
        bool special = stat(o->out_path, &st) == 0 && !S_ISREG(st.st_mode);
        r->fd = open(o->out_path, (special ? O_WRONLY : O_RDWR | O_CREAT) | O_APPEND | O_CLOEXEC,
                     0644);
        if (r->fd < 0) {
            rt_diag_error(r->d, o->out_path, 0, "cannot write: %s", strerror(errno));
            return XP_RUN_EIO;
        }
        r->own_fd = true;
        if (fstat(r->fd, &st) != 0) {
            rt_diag_error(r->d, o->out_path, 0, "cannot write: %s", strerror(errno));
            return XP_RUN_EIO;
        }
        r->regular = S_ISREG(st.st_mode);
        int rc = r->regular ? lock_output(r) : XP_RUN_OK;
        if (rc != XP_RUN_OK)
            return rc;
        if (r->regular && fstat(r->fd, &st) != 0) { /* its size once locked */
            rt_diag_error(r->d, o->out_path, 0, "cannot write: %s", strerror(errno));
            return XP_RUN_EIO;
        }
        if (o->resume && r->regular) {
            rc = resume_read(r, &header);
            if (rc != XP_RUN_OK)
                return rc;
        } else if (!o->resume && r->regular && st.st_size > 0) {
            rt_diag_error(r->d, o->out_path, 0, "exists already (%jd bytes); continue it with "
                          "--resume, or remove it to start again", (intmax_t)st.st_size);
            return XP_RUN_EINPUT;
        }
    }
    if (header) {
        strbuf b = { 0 };
        xp_result_csv_header(r->s, &b);
        int rc = b.oom ? XP_RUN_ENOMEM : write_line(r, b.data, b.len);
        strbuf_fini(&b);
        return rc;
    }
    return XP_RUN_OK;
}

/* Format and write the line of point p. */
static int emit(runner *r, uint64_t p, const xp_outcome *out)
{
    xp_spec_point_index(r->s, p, r->idx);
    r->line.len = 0;
    if (r->o->csv)
        xp_result_line_csv(r->s, p, r->idx, out, &r->line);
    else
        xp_result_line_json(r->s, p, r->idx, out, &r->line);
    if (r->line.oom)
        return XP_RUN_ENOMEM;
    int rc = write_line(r, r->line.data, r->line.len);
    if (rc != XP_RUN_OK)
        return rc;
    r->res->evaluated++;
    r->res->schedulable += out->valid && out->schedulable;
    r->res->errors += !out->valid;
    if (r->res->records)
        record_outcome(out, &r->res->records[p]);
    if (r->o->progress)
        r->o->progress(r->o->progress_ctx, r->res->evaluated, r->res->shard_points - r->res->resumed);
    return XP_RUN_OK;
}

static int run_here(runner *r)
{
    xp_engine *e = xp_engine_new(r->s);
    if (!e)
        return XP_RUN_ENOMEM;
    int rc = XP_RUN_OK;
    xp_outcome out;
    for (uint64_t p = r->o->shard - 1; p < r->s->n_points && rc == XP_RUN_OK; p += r->o->shards) {
        if (is_done(r, p))
            continue;
        if (xp_engine_eval(e, p, &out) != XP_OK)
            rc = XP_RUN_ENOMEM;
        else
            rc = emit(r, p, &out);
    }
    xp_engine_free(e);
    return rc;
}

/* The callbacks of the --jobs workers (explore/workers.h). */
static bool sink_done(void *ctx, uint64_t p)
{
    return is_done(ctx, p);
}

static int sink_emit(void *ctx, uint64_t p, const xp_outcome *out)
{
    return emit(ctx, p, out);
}

int xp_run(const xp_spec *s, const xp_run_opts *o, xp_run_result *res, rt_diags *d)
{
    runner r = { .s = s, .o = o, .res = res, .d = d, .fd = -1 };
    memset(res, 0, sizeof *res);
    int rc = XP_RUN_ENOMEM;
    uint64_t shards = o->shards ? o->shards : 1;
    res->shard_points = s->n_points > o->shard - 1 ? (s->n_points - o->shard) / shards + 1 : 0;
    if ((o->keep_records || o->resume) && s->n_points > RECORDS_MAX) {
        rt_diag_error(d, s->path, 0, "%" PRIu64 " points are too many for --resume or --plot in "
                      "one run (at most %" PRIu64 "; use --shard)", s->n_points, RECORDS_MAX);
        return XP_RUN_EINPUT;
    }
    r.idx = calloc(s->n_dims ? s->n_dims : 1, sizeof *r.idx);
    if (o->resume)
        r.seen = calloc((size_t)(s->n_points / 8 + 1), 1);
    if (o->keep_records)
        res->records = calloc((size_t)s->n_points, sizeof *res->records);
    if (!r.idx || (o->resume && !r.seen) || (o->keep_records && !res->records))
        goto done;
    rc = open_output(&r);
    if (rc != XP_RUN_OK)
        goto done;
    if (o->progress)
        o->progress(o->progress_ctx, 0, res->shard_points - res->resumed);
    double t0 = now_s();
    workers_sink sink = { .done = sink_done, .emit = sink_emit, .ctx = &r };
    rc = o->jobs > 1 ? workers_run(s, o, &sink, d) : run_here(&r);
    res->seconds = now_s() - t0;
    if (rc == XP_RUN_OK && r.own_fd && fsync(r.fd) != 0 && errno != EINVAL && errno != EROFS) {
        rt_diag_error(d, o->out_path, 0, "cannot write: %s", strerror(errno));
        rc = XP_RUN_EIO;
    }
done:
    if (rc == XP_RUN_ENOMEM)
        rt_diag_error(d, NULL, 0, "out of memory");
    if (r.own_fd && close(r.fd) != 0 && rc == XP_RUN_OK) {
        rt_diag_error(d, o->out_path, 0, "cannot write: %s", strerror(errno));
        rc = XP_RUN_EIO;
    }
    free(r.idx);
    free(r.seen);
    strbuf_fini(&r.line);
    return rc;
}
