/* diag: located diagnostics collected by library code and printed by the entry point. */
#include "util/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/analyzer.h"
#include "util/textesc.h"

struct rt_diags {
    rt_diag *items;
    size_t n, alloc, cap;
    size_t errors;
    size_t dropped;
    int oom;
};

rt_diags *rt_diag_new(size_t cap)
{
    rt_diags *d = calloc(1, sizeof *d);
    if (d)
        d->cap = cap ? cap : 1;
    return d;
}

void rt_diag_free(rt_diags *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->n; i++) {
        free(d->items[i].file);
        free(d->items[i].msg);
    }
    free(d->items);
    free(d);
}

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static void add(rt_diags *d, rt_diag_kind kind, const char *file, long line, const char *fmt,
                va_list ap) __attribute__((format(printf, 5, 0)));
/* gcc 12 -fanalyzer reports a false leak here: both strings are stored in d->items and freed by
 * rt_diag_free (or at once on failure). */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static void add(rt_diags *d, rt_diag_kind kind, const char *file, long line, const char *fmt,
                va_list ap)
{
    if (kind == RT_DIAG_ERROR)
        d->errors++;
    if (d->n >= d->cap) {
        d->dropped++;
        return;
    }
    if (d->n == d->alloc) {
        size_t na = d->alloc ? 2 * d->alloc : 8;
        rt_diag *ni = realloc(d->items, na * sizeof *ni);
        if (!ni) {
            d->oom = 1;
            return;
        }
        d->items = ni;
        d->alloc = na;
    }
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    rt_diag *it = &d->items[d->n];
    it->kind = kind;
    it->line = line;
    it->file = dup_or_null(file);
    it->msg = strdup(buf);
    if (!it->msg || (file && !it->file)) {
        free(it->file);
        free(it->msg);
        d->oom = 1;
        return;
    }
    d->n++;
}
RT_ANALYZER_ON

void rt_diag_error(rt_diags *d, const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add(d, RT_DIAG_ERROR, file, line, fmt, ap);
    va_end(ap);
}

void rt_diag_warning(rt_diags *d, const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add(d, RT_DIAG_WARNING, file, line, fmt, ap);
    va_end(ap);
}

size_t rt_diag_errors(const rt_diags *d)
{
    return d->errors;
}

size_t rt_diag_count(const rt_diags *d)
{
    return d->n;
}

const rt_diag *rt_diag_get(const rt_diags *d, size_t i)
{
    return i < d->n ? &d->items[i] : NULL;
}

static const char *kind_word(rt_diag_kind k)
{
    return k == RT_DIAG_ERROR ? "error" : "warning";
}

void rt_diag_print(const rt_diags *d, FILE *out)
{
    for (size_t i = 0; i < d->n; i++) {
        const rt_diag *it = &d->items[i];
        /* file names and messages may hold any byte: control characters as \xHH */
        if (it->file) {
            rt_textesc_fputs(it->file, out);
            if (it->line > 0)
                fprintf(out, ":%ld", it->line);
            fputs(": ", out);
        }
        fprintf(out, "%s: ", kind_word(it->kind));
        rt_textesc_fputs(it->msg, out);
        fputc('\n', out);
    }
    if (d->dropped)
        fprintf(out, "note: %zu further diagnostics not shown\n", d->dropped);
    if (d->oom)
        fprintf(out, "error: out of memory while recording diagnostics (some are not shown)\n");
}
