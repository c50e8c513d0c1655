/* merge: result files of the shards of one sweep merged into one (docs/explore.md). */
#include "explore/merge.h"

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"
#include "util/sort.h"

/* ---- merge ----------------------------------------------------------------------------- */

typedef struct merged_line {
    uint64_t point;
    const char *text;       /* into its file's buffer, with its '\n' */
    size_t len;
    size_t file;
    long line;
} merged_line;

/* By point, then file and line: the first occurrence of a point comes first. */
static int cmp_point(const void *a, const void *b)
{
    const merged_line *x = a, *y = b;
    int c = sort_cmp_u64(x->point, y->point);
    if (!c)
        c = sort_cmp_size(x->file, y->file);
    return c ? c : sort_cmp_long(x->line, y->line);
}

/* Read a whole file into *buf (caller frees). */
static int slurp(const char *path, char **buf, size_t *len, rt_diags *d)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        rt_diag_error(d, path, 0, "cannot open: %s", strerror(errno));
        return -1;
    }
    strbuf b = { 0 };
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        strbuf_put(&b, tmp, n);
    int bad = ferror(f);
    fclose(f);
    if (bad || b.oom) {
        rt_diag_error(d, path, 0, bad ? "cannot read" : "out of memory");
        strbuf_fini(&b);
        return -1;
    }
    *buf = b.data ? b.data : calloc(1, 1);
    *len = b.len;
    return *buf ? 0 : -1;
}

typedef struct merge_state {
    const char *const *paths;
    rt_diags *d;
    merged_line *lines;
    size_t n, cap;
    bool csv;
    bool have_format;
    char spec[64];
    const char *spec_at;    /* file of the first line, for messages */
    long spec_line;
    const char *header;     /* CSV: the first file's header */
    size_t header_len;
    xp_csv_cols cols;
} merge_state;

static int add_line(merge_state *m, size_t file, long line, const char *text, size_t len)
{
    const char *path = m->paths[file];
    xp_parsed p;
    bool ok = m->csv ? xp_result_parse_csv(text, len, &m->cols, &p) : xp_result_parse_json(text, len, &p);
    if (!ok) {
        rt_diag_error(m->d, path, line, "not a result line of rtgpu-explore (expected %s)",
                      m->csv ? "a CSV row under the header" : "one JSON object with point and spec");
        return -1;
    }
    if (!m->spec[0]) {
        snprintf(m->spec, sizeof m->spec, "%s", p.spec);
        m->spec_at = path;
        m->spec_line = line;
    } else if (strcmp(m->spec, p.spec) != 0) {
        rt_diag_error(m->d, path, line, "spec %s differs from spec %s of %s:%ld (results of "
                      "different sweep files or inputs cannot be merged)", p.spec, m->spec,
                      m->spec_at, m->spec_line);
        return -1;
    }
    merged_line *nl = rt_grow(m->lines, &m->cap, m->n + 1, sizeof *nl, 1024);
    if (!nl) {
        rt_diag_error(m->d, path, 0, "out of memory");
        return -1;
    }
    m->lines = nl;
    m->lines[m->n++] = (merged_line){ p.point, text, len + 1, file, line };
    return 0;
}

/* The lines of one file (its text stays in bufs[file]). */
static int scan_file(merge_state *m, size_t file, const char *buf, size_t len)
{
    const char *path = m->paths[file];
    long line = 0;
    size_t i = 0;
    if (len > 0 && buf[len - 1] != '\n') {
        long nl = 1;
        for (size_t k = 0; k < len; k++)
            nl += buf[k] == '\n';
        rt_diag_error(m->d, path, nl, "the last line is incomplete (a run was interrupted while "
                      "writing it: finish the run with --resume first)");
        return -1;
    }
    while (i < len) {
        const char *eol = memchr(buf + i, '\n', len - i);
        size_t n = (size_t)(eol - (buf + i));
        line++;
        if (n > 0 && buf[i + n - 1] == '\r') {
            rt_diag_error(m->d, path, line, XP_CRLF_MESSAGE);
            return -1;
        }
        bool csv = n > 0 && buf[i] != '{';
        if (!m->have_format) {
            m->have_format = true;
            m->csv = csv;
        } else if (csv != m->csv) {
            rt_diag_error(m->d, path, line, "mixes %s with the %s of %s", csv ? "CSV" : "JSON lines",
                          m->csv ? "CSV" : "JSON lines", m->paths[0]);
            return -1;
        }
        if (csv && line == 1) {
            if (!m->header) {
                if (!xp_result_csv_columns(buf + i, n, &m->cols)) {
                    rt_diag_error(m->d, path, 1, "not the header of an rtgpu-explore CSV file");
                    return -1;
                }
                m->header = buf + i;
                m->header_len = n + 1;
            } else if (n + 1 != m->header_len || memcmp(buf + i, m->header, n) != 0) {
                rt_diag_error(m->d, path, 1, "its CSV header differs from that of %s", m->paths[0]);
                return -1;
            }
        } else if (add_line(m, file, line, buf + i, n) != 0) {
            return -1;
        }
        i += n + 1;
    }
    return 0;
}

/* Every point 0..N-1 exactly once, N from the spec field "<hash>/<N>". */
static int check_points(merge_state *m)
{
    const char *slash = strrchr(m->spec, '/');
    uint64_t N = 0;
    if (!slash || !xp_result_parse_u64(slash + 1, &N)) {
        rt_diag_error(m->d, m->spec_at, m->spec_line, "spec \"%s\" does not end in /POINTS", m->spec);
        return -1;
    }
    qsort(m->lines, m->n, sizeof *m->lines, cmp_point);
    int bad = 0;
    uint64_t missing = 0, first_missing = 0, expect = 0;
    for (size_t i = 0; i <= m->n; i++) {
        uint64_t p = i < m->n ? m->lines[i].point : N;
        if (i < m->n && p >= N) {
            rt_diag_error(m->d, m->paths[m->lines[i].file], m->lines[i].line, "point %" PRIu64
                          " is beyond the sweep's %" PRIu64 " points", p, N);
            return -1;
        }
        if (i > 0 && i < m->n && p == m->lines[i - 1].point) {
            rt_diag_error(m->d, m->paths[m->lines[i].file], m->lines[i].line, "point %" PRIu64
                          " is also at %s:%ld (each point must be present exactly once)", p,
                          m->paths[m->lines[i - 1].file], m->lines[i - 1].line);
            return -1;   /* one such message says it: a file given twice would give thousands */
        }
        if (p > expect) {
            if (!missing)
                first_missing = expect;
            missing += p - expect;
        }
        expect = p + 1;
    }
    if (missing) {
        rt_diag_error(m->d, NULL, 0, "%" PRIu64 " of the sweep's %" PRIu64 " points are missing, "
                      "the first is point %" PRIu64 " (a shard not run, or not finished: run it, "
                      "with --resume if interrupted)", missing, N, first_missing);
        bad = -1;
    }
    return bad;
}

int xp_merge(const char *const *paths, size_t n, strbuf *out, rt_diags *d)
{
    merge_state m = { .paths = paths, .d = d };
    char **bufs = calloc(n ? n : 1, sizeof *bufs);
    int rc = -1;
    if (!bufs) {
        rt_diag_error(d, NULL, 0, "out of memory");
        return -1;
    }
    for (size_t f = 0; f < n; f++) {
        size_t len = 0;
        if (slurp(paths[f], &bufs[f], &len, d) != 0 || scan_file(&m, f, bufs[f], len) != 0)
            goto done;
    }
    if (m.n == 0) {
        rt_diag_error(d, n ? paths[0] : NULL, 0, "no result lines to merge");
        goto done;
    }
    if (check_points(&m) != 0)
        goto done;
    if (m.csv)
        strbuf_put(out, m.header, m.header_len);
    for (size_t i = 0; i < m.n; i++)
        strbuf_put(out, m.lines[i].text, m.lines[i].len);
    if (out->oom) {
        rt_diag_error(d, NULL, 0, "out of memory");
        goto done;
    }
    rc = 0;
done:
    for (size_t f = 0; f < n; f++)
        free(bufs[f]);
    free(bufs);
    free(m.lines);
    return rc;
}
