/* result: the result lines of a sweep (one JSON object per line, or CSV rows under a header),
 * written whole, read back for --resume, plots and merge. */
#ifndef RT_XP_RESULT_H
#define RT_XP_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "explore/engine.h"
#include "explore/spec.h"
#include "util/diag.h"
#include "util/strbuf.h"

/* The spec field of every line: "<hash>/<points>", e.g. "3fa2c1d0e9b8a7f6/240" (64 bytes). */
void xp_result_spec_id(const xp_spec *s, char out[64]);

/* Append to b the result line of point p (value indices idx) ending in '\n'. */
void xp_result_line_json(const xp_spec *s, uint64_t p, const size_t *idx, const xp_outcome *o, strbuf *b);
void xp_result_line_csv(const xp_spec *s, uint64_t p, const size_t *idx, const xp_outcome *o, strbuf *b);
/* Append the CSV header line. */
void xp_result_csv_header(const xp_spec *s, strbuf *b);

/* What --resume, plots and merge read back from one line. */
typedef struct xp_parsed {
    uint64_t point;
    char spec[64];          /* the spec field */
    int schedulable;        /* 1, 0, or -1 (null: an invalid point) */
    bool has_slack;
    int64_t min_slack_ns;
} xp_parsed;

/* What --resume and merge say of a line that ends in a carriage return (a CRLF line end, from a
 * Windows editor or transfer): result lines end in '\n' alone, and a '\r' is never copied. */
#define XP_CRLF_MESSAGE "ends in a carriage return (a CRLF line end, from a Windows editor or " \
                        "transfer?): result lines end in LF alone; convert the file (dos2unix)"

/* Parse one line (without its '\n'); CSV lines need the column of each field from the header
 * (xp_result_csv_columns). false if the line is not a result line. */
bool xp_result_parse_json(const char *line, size_t len, xp_parsed *out);
typedef struct xp_csv_cols { int schedulable, min_slack; } xp_csv_cols;
bool xp_result_csv_columns(const char *header, size_t len, xp_csv_cols *cols);
bool xp_result_parse_csv(const char *line, size_t len, const xp_csv_cols *cols, xp_parsed *out);
/* A whole number of decimal digits only (no sign, no space) into *v; false if s is not one. */
bool xp_result_parse_u64(const char *s, uint64_t *v);

#endif
