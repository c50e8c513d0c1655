/* provenance: who made a report, from what, when (docs/evidence.md sec. 3): tool and version,
 * the exact command line, the date (SOURCE_DATE_EPOCH when set, for reproducible reports) and the
 * versions of the libraries the numbers went through. The input paths and SHA-256 are in the
 * task-set and GPU records. */
#ifndef RT_PROVENANCE_H
#define RT_PROVENANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct rt_provenance {
    const char *tool;          /* borrowed: "rtgpu-analyze" */
    const char *version;       /* borrowed */
    char *command_line;        /* owned: argv, each word shell-quoted where it needs it */
    int64_t epoch_s;           /* the date, seconds since 1970-01-01 UTC */
    bool from_source_date_epoch;
    char date[32];             /* ISO 8601 UTC, "2026-11-22T09:30:00Z" */
    char libxml2[24], glpk[24], jansson[24], libc[40];   /* run-time versions */
} rt_provenance;

enum { PROV_OK = 0, PROV_ENOMEM = -1, PROV_EDATE = -2 };

/* Fill p. source_date_epoch is the value of SOURCE_DATE_EPOCH or NULL (then the current time);
 * PROV_EDATE if it is not a whole number of seconds from 0 to 253402300799 (year 9999). */
int provenance_init(rt_provenance *p, const char *tool, const char *version, int argc,
                    char *const *argv, const char *source_date_epoch);
/* Free what provenance_init allocated; safe on a zeroed struct. */
void provenance_fini(rt_provenance *p);
/* Quote one word for a POSIX shell: as is when it holds only safe characters, else in single
 * quotes ('it'\''s'). Returns the bytes written (excluding the NUL) or would have been. */
size_t provenance_shell_quote(const char *word, char *buf, size_t size);

#endif
