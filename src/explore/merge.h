/* merge: result files of the shards of one sweep merged into one, every point once, in order. */
#ifndef RT_XP_MERGE_H
#define RT_XP_MERGE_H

#include <stddef.h>

#include "explore/result.h"
#include "util/diag.h"

/* Merge result files (all JSON lines or all CSV with the same header) into out: check that all
 * lines carry the same spec field, that every point 0..N-1 of that spec is present exactly once,
 * and append the lines in point order (CSV: the header once). Errors are located
 * (file:line) in d. 0, or -1 (d says why; out unspecified). */
int xp_merge(const char *const *paths, size_t n, strbuf *out, rt_diags *d);

#endif
