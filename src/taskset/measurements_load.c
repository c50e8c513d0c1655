/* measurements_load: the measurements CSV (docs/formats.md sec. 6), read as untrusted input.
 *
 * Grammar: UTF-8 text (an initial byte-order mark is skipped), lines ended by LF or CRLF. Blank
 * lines and lines whose first character is '#' are skipped. The first other line is the header:
 * comma-separated column names; "kernel,sms,corunners,time" (kernel times) or
 * "task,release,finish" (job response times) must all be there, in any order, and further
 * columns are ignored (so rtgpu-calibrate's CSV, which has more, is read as it is). Every later
 * line is one observation with as many fields as the header. A field may be quoted ("a,b";
 * "" inside quotes is one quote), but a quoted field does not span lines, so every message
 * names the line of its observation. Values are never trimmed: a space is an error. */
#include "taskset/measurements_load.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "taskset/filegate.h"
#include "taskset/units.h"
#include "util/ckint.h"
#include "util/grow.h"
#include "util/textesc.h"

/* Most columns a header may have. */
#define MAX_COLUMNS 64

enum { COL_KERNEL, COL_SMS, COL_CORUNNERS, COL_TIME, COL_TASK, COL_RELEASE, COL_FINISH, N_COLS };
static const char *const col_names[N_COLS] = {"kernel", "sms", "corunners", "time",
                                              "task", "release", "finish"};

typedef struct csv_state {
    const char *path;
    rt_diags *d;
    const rt_taskset *ts;
    const rt_gpu *gpu;
    rt_measurements *m;
    size_t cap;             /* allocated observations */
    int col[N_COLS];        /* field index of each known column, -1 if absent */
    size_t n_fields;        /* fields of the header */
    bool have_header;
    bool oom;
} csv_state;

/* Length of the UTF-8 sequence at s (at most n bytes), 0 if it is not valid UTF-8. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t k = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (k == 0 || k > n)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
        return 0;   /* overlong, surrogate or above U+10FFFF */
    return k;
}

/* Split line (NUL-terminated, modified in place) into at most MAX_COLUMNS fields, unquoting
 * quoted ones. Returns the number of fields, or 0 after recording an error. */
static size_t split_fields(csv_state *st, long lineno, char *line, char **field)
{
    size_t n = 0;
    char *p = line;
    for (;;) {
        if (n == MAX_COLUMNS) {
            rt_diag_error(st->d, st->path, lineno, "more than %d fields on one line",
                          MAX_COLUMNS);
            return 0;
        }
        field[n++] = p;
        if (*p == '"') {
            char *o = p, *q = p + 1;
            for (;;) {
                if (*q == '\0') {
                    rt_diag_error(st->d, st->path, lineno, "field %zu: a quote is not closed on "
                                  "this line (quoted fields do not span lines)", n);
                    return 0;
                }
                if (*q == '"' && q[1] == '"') {
                    *o++ = '"';
                    q += 2;
                } else if (*q == '"') {
                    q++;
                    break;
                } else {
                    *o++ = *q++;
                }
            }
            if (*q != ',' && *q != '\0') {
                rt_diag_error(st->d, st->path, lineno, "field %zu: text after a closing quote "
                              "(expected a comma or the end of the line)", n);
                return 0;
            }
            char next = *q;
            *o = '\0';
            if (next == '\0')
                return n;
            p = q + 1;
            continue;
        }
        char *e = p + strcspn(p, ",\"");
        if (*e == '"') {
            rt_diag_error(st->d, st->path, lineno, "field %zu: a quote inside an unquoted field "
                          "(quote the whole field, doubling inner quotes: \"a\"\"b\")", n);
            return 0;
        }
        if (*e == '\0')
            return n;
        *e = '\0';
        p = e + 1;
    }
}

/* The header: which field holds each known column; decides the file's kind. */
static int read_header(csv_state *st, long lineno, char **field, size_t n)
{
    for (int c = 0; c < N_COLS; c++)
        st->col[c] = -1;
    for (size_t i = 0; i < n; i++) {
        char q[100];
        if (!field[i][0]) {
            rt_diag_error(st->d, st->path, lineno, "header: column %zu has no name (expected "
                          "kernel,sms,corunners,time or task,release,finish)", i + 1);
            return -1;
        }
        for (size_t j = 0; j < i; j++)
            if (strcmp(field[i], field[j]) == 0) {
                rt_diag_error(st->d, st->path, lineno, "header: column \"%s\" is given twice",
                              rt_textesc_quote(field[i], q, sizeof q));
                return -1;
            }
        for (int c = 0; c < N_COLS; c++)
            if (strcmp(field[i], col_names[c]) == 0)
                st->col[c] = (int)i;
    }
    bool k = st->col[COL_KERNEL] >= 0, t = st->col[COL_TASK] >= 0;
    if (k == t) {
        rt_diag_error(st->d, st->path, lineno, "header: %s (expected the columns "
                      "kernel,sms,corunners,time for kernel times or task,release,finish for job "
                      "response times, and a file holds one kind)",
                      k ? "has both a kernel and a task column" : "has neither a kernel nor a "
                      "task column");
        return -1;
    }
    st->m->kind = k ? RT_MEAS_KERNELS : RT_MEAS_JOBS;
    int first = k ? COL_KERNEL : COL_TASK, last = k ? COL_TIME : COL_FINISH;
    for (int c = first; c <= last; c++)
        if (st->col[c] < 0) {
            rt_diag_error(st->d, st->path, lineno, "header: no column \"%s\" (a %s file needs "
                          "%s)", col_names[c], k ? "kernel-time" : "job",
                          k ? "kernel,sms,corunners,time" : "task,release,finish");
            return -1;
        }
    st->n_fields = n;
    st->have_header = true;
    return 0;
}

/* Record "<obj>: <column> "<text>" <problem>". */
static void bad_value(csv_state *st, long lineno, const char *obj, const char *column,
                      const char *text, const char *problem)
{
    char q[100];
    rt_diag_error(st->d, st->path, lineno, "%s: %s \"%s\" %s", obj, column,
                  rt_textesc_quote(text, q, sizeof q), problem);
}

/* A partition size: an integer in 1..N, a multiple of g. */
static bool get_sms(csv_state *st, long lineno, const char *obj, const char *column,
                    const char *s, int64_t *out)
{
    int64_t v;
    units_status u = units_parse_int(s, &v);
    char buf[160];
    if (u != UNITS_OK) {
        bad_value(st, lineno, obj, column, s, units_status_text(u));
        return false;
    }
    if (v < 1 || v > st->gpu->sms) {
        snprintf(buf, sizeof buf, "is outside 1..%lld (the GPU has %lld SMs)",
                 (long long)st->gpu->sms, (long long)st->gpu->sms);
        bad_value(st, lineno, obj, column, s, buf);
        return false;
    }
    if (v % st->gpu->granularity != 0) {
        snprintf(buf, sizeof buf, "is not a multiple of the GPU's partition-granularity %lld",
                 (long long)st->gpu->granularity);
        bad_value(st, lineno, obj, column, s, buf);
        return false;
    }
    *out = v;
    return true;
}

/* A whole-ns duration (any sign when min_ns is INT64_MIN, else at least min_ns). */
static bool get_ns(csv_state *st, long lineno, const char *obj, const char *column,
                   const char *s, int64_t min_ns, int64_t *out)
{
    int64_t v;
    units_status u = units_parse_duration_ns(s, &v);
    if (u == UNITS_NOT_WHOLE) {
        bad_value(st, lineno, obj, column, s, "is not a whole number of nanoseconds");
        return false;
    }
    if (u != UNITS_OK) {
        char buf[200];
        bad_value(st, lineno, obj, column, s, units_status_explain(u, s, buf, sizeof buf));
        return false;
    }
    if (v < min_ns) {
        bad_value(st, lineno, obj, column, s, "must be positive");
        return false;
    }
    *out = v;
    return true;
}

/* The co-runners field: empty, or NAME@SMS items separated by ';' (a name ends at its last
 * '@'). Adds each to o; false after recording an error. */
static bool get_corunners(csv_state *st, long lineno, const char *obj, char *s,
                          rt_meas_kernel *o, int64_t *total_sms)
{
    if (!*s)
        return true;
    size_t n = 1;
    for (const char *c = s; *c; c++)
        n += *c == ';';
    o->corunners = calloc(n, sizeof *o->corunners);
    if (!o->corunners) {
        st->oom = true;
        return false;
    }
    char q[100], col[160];
    for (char *item = s;;) {
        char *end = strchr(item, ';');
        if (end)
            *end = '\0';
        char *at = strrchr(item, '@');
        if (!*item || !at || at == item) {
            bad_value(st, lineno, obj, "corunners item", item, !*item ? "is empty (expected "
                      "NAME@SMS items separated by ';', e.g. SAXPY@16;FMA@8)"
                      : "is not NAME@SMS (e.g. SAXPY@16)");
            return false;
        }
        *at = '\0';
        long k = rt_taskset_find_kernel(st->ts, item);
        if (k < 0) {
            char h[140];
            rt_diag_error(st->d, st->path, lineno, "%s: co-runner \"%s\" does not name a kernel "
                          "of the task set%s", obj, rt_textesc_quote(item, q, sizeof q),
                          rt_taskset_hint_kernel(st->ts, item, h, sizeof h));
            return false;
        }
        snprintf(col, sizeof col, "co-runner \"%s\" sms", rt_textesc_quote(item, q, sizeof q));
        rt_meas_corunner *cr = &o->corunners[o->n_corunners];
        if (!get_sms(st, lineno, obj, col, at + 1, &cr->sms))
            return false;
        cr->kernel = (size_t)k;
        o->n_corunners++;
        *total_sms += cr->sms;   /* at most 4096 terms of at most 4096: no overflow */
        if (!end)
            return true;
        item = end + 1;
    }
}

/* arr with room for one more observation (st->cap of them), or NULL (st->oom set). */
static void *grow(csv_state *st, void *arr, size_t n, size_t elem)
{
    void *na = rt_grow(arr, &st->cap, n + 1, elem, 64);
    st->oom |= !na;
    return na;
}

/* The kernel (kernels true) or task of the task set that a row names: its index, with obj
 * (size bytes) its words for messages, e.g. kernel "k"; -1 after an error. */
static long find_named(csv_state *st, long lineno, const char *name, bool kernels, char *obj,
                       size_t size)
{
    const char *what = kernels ? "kernel" : "task";
    char q[100];
    snprintf(obj, size, "%s \"%s\"", what, rt_textesc_quote(name, q, sizeof q));
    long i = kernels ? rt_taskset_find_kernel(st->ts, name) : rt_taskset_find_task(st->ts, name);
    if (i < 0) {
        char h[140];
        const char *hint = kernels ? rt_taskset_hint_kernel(st->ts, name, h, sizeof h)
                                   : rt_taskset_hint_task(st->ts, name, h, sizeof h);
        rt_diag_error(st->d, st->path, lineno, "%s does not name a %s of the task set%s", obj, what,
                      hint);
    }
    return i;
}

static void read_kernel_row(csv_state *st, long lineno, char **field)
{
    rt_measurements *m = st->m;
    rt_meas_kernel *na = grow(st, m->kernels, m->n_kernels, sizeof *na);
    if (!na)
        return;
    m->kernels = na;
    char obj[160];
    long k = find_named(st, lineno, field[st->col[COL_KERNEL]], true, obj, sizeof obj);
    if (k < 0)
        return;
    rt_meas_kernel o = {.kernel = (size_t)k, .line = lineno};
    int64_t total = 0;
    bool ok = get_sms(st, lineno, obj, "sms", field[st->col[COL_SMS]], &o.sms);
    ok = get_corunners(st, lineno, obj, field[st->col[COL_CORUNNERS]], &o, &total) && ok;
    ok = get_ns(st, lineno, obj, "time", field[st->col[COL_TIME]], 1, &o.time_ns) && ok;
    if (ok && o.sms + total > st->gpu->sms)
        rt_diag_error(st->d, st->path, lineno, "%s: its %lld SMs and its co-runners' %lld add up "
                      "to more than the GPU's %lld (each kernel runs on its own partition)", obj,
                      (long long)o.sms, (long long)total, (long long)st->gpu->sms);
    else if (ok) {
        m->kernels[m->n_kernels++] = o;
        return;
    }
    free(o.corunners);
}

static void read_job_row(csv_state *st, long lineno, char **field)
{
    rt_measurements *m = st->m;
    rt_meas_job *na = grow(st, m->jobs, m->n_jobs, sizeof *na);
    if (!na)
        return;
    m->jobs = na;
    char obj[160];
    long t = find_named(st, lineno, field[st->col[COL_TASK]], false, obj, sizeof obj);
    if (t < 0)
        return;
    rt_meas_job o = {.task = (size_t)t, .line = lineno};
    const char *rel = field[st->col[COL_RELEASE]], *fin = field[st->col[COL_FINISH]];
    bool ok = get_ns(st, lineno, obj, "release", rel, INT64_MIN, &o.release_ns);
    ok = get_ns(st, lineno, obj, "finish", fin, INT64_MIN, &o.finish_ns) && ok;
    if (!ok)
        return;
    char q[100], q2[100];
    if (o.finish_ns < o.release_ns)
        rt_diag_error(st->d, st->path, lineno, "%s: finish \"%s\" is before release \"%s\"", obj,
                      rt_textesc_quote(fin, q, sizeof q), rt_textesc_quote(rel, q2, sizeof q2));
    else if (ck_sub(o.finish_ns, o.release_ns, &o.response_ns))
        rt_diag_error(st->d, st->path, lineno, "%s: finish - release does not fit in 64 bits "
                      "of nanoseconds", obj);
    else
        m->jobs[m->n_jobs++] = o;
}

/* One line (NUL-terminated, without its newline; modified). */
static void read_line(csv_state *st, long lineno, char *line)
{
    size_t len = strlen(line);
    if (len && line[len - 1] == '\r')
        line[--len] = '\0';
    for (size_t i = 0; i < len;) {
        size_t k = utf8_len((const unsigned char *)line + i, len - i);
        if (k == 0) {
            rt_diag_error(st->d, st->path, lineno, "byte 0x%02X at column %zu is not valid "
                          "UTF-8 (inputs must be UTF-8)", (unsigned char)line[i], i + 1);
            return;
        }
        i += k;
    }
    if (line[strspn(line, " \t")] == '\0' || line[0] == '#')
        return;
    char *field[MAX_COLUMNS];
    size_t n = split_fields(st, lineno, line, field);
    if (n == 0)
        return;
    if (!st->have_header) {
        if (read_header(st, lineno, field, n) != 0)
            st->have_header = true;   /* with its kind unknown, rows cannot be read */
        return;
    }
    if (st->n_fields == 0)
        return;
    if (n != st->n_fields) {
        rt_diag_error(st->d, st->path, lineno, "has %zu fields, but the header has %zu", n,
                      st->n_fields);
        return;
    }
    if (st->m->kind == RT_MEAS_KERNELS)
        read_kernel_row(st, lineno, field);
    else
        read_job_row(st, lineno, field);
}

rt_measurements *rt_measurements_load(const char *path, const rt_taskset *ts, const rt_gpu *gpu,
                                      rt_diags *d)
{
    unsigned char *buf = NULL;
    size_t len = 0;
    rt_measurements *m = calloc(1, sizeof *m);
    csv_state st = {.path = path, .d = d, .ts = ts, .gpu = gpu, .m = m};
    size_t errors = rt_diag_errors(d);
    if (!m || !(m->path = strdup(path))) {
        rt_diag_error(d, path, 0, "out of memory");
        goto fail;
    }
    if (filegate_read(path, d, &buf, &len, m->sha256) != 0)
        goto fail;
    size_t pos = len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    long lineno = 1;
    while (pos < len && !st.oom) {
        unsigned char *nlp = memchr(buf + pos, '\n', len - pos);
        size_t end = nlp ? (size_t)(nlp - buf) : len;
        char *line = malloc(end - pos + 1);
        if (!line) {
            st.oom = true;
            break;
        }
        memcpy(line, buf + pos, end - pos);
        line[end - pos] = '\0';
        read_line(&st, lineno, line);
        free(line);
        pos = end + 1;
        lineno++;
    }
    if (st.oom) {
        rt_diag_error(d, path, 0, "out of memory");
        goto fail;
    }
    if (!st.have_header) {
        rt_diag_error(d, path, 0, "no header line (expected kernel,sms,corunners,time or "
                      "task,release,finish)");
        goto fail;
    }
    if (rt_diag_errors(d) == errors && m->n_kernels + m->n_jobs == 0) {
        rt_diag_error(d, path, 0, "no observations after the header");
        goto fail;
    }
    if (rt_diag_errors(d) != errors)
        goto fail;
    free(buf);
    return m;
fail:
    free(buf);
    rt_measurements_free(m);
    return NULL;
}
