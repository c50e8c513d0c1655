/* diag: located diagnostics collected by library code and printed by the entry point. */
#ifndef RT_DIAG_H
#define RT_DIAG_H

#include <stddef.h>
#include <stdio.h>

typedef enum { RT_DIAG_ERROR, RT_DIAG_WARNING } rt_diag_kind;

typedef struct rt_diag {
    rt_diag_kind kind;
    char *file;  /* owned; may be NULL */
    long line;   /* 0: no line known */
    char *msg;   /* owned */
} rt_diag;

typedef struct rt_diags rt_diags;

/* New empty list keeping at most cap errors (further errors are counted, not stored). */
rt_diags *rt_diag_new(size_t cap);
/* Free the list and every message; NULL is a no-op. */
void rt_diag_free(rt_diags *d);
/* Record an error at file:line (line 0: none); the text is formatted and copied. */
void rt_diag_error(rt_diags *d, const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Record a warning (does not make the input invalid). */
void rt_diag_warning(rt_diags *d, const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Number of errors recorded (including those beyond the cap). */
size_t rt_diag_errors(const rt_diags *d);
/* Number of stored diagnostics and the i-th of them (borrowed). */
size_t rt_diag_count(const rt_diags *d);
const rt_diag *rt_diag_get(const rt_diags *d, size_t i);
/* Print all as `file:line: error: msg`, plus a line for errors dropped past the cap. */
void rt_diag_print(const rt_diags *d, FILE *out);

#endif
