/* json_opt: the JSON reports' members whose value may be missing: the value, or null (the
 * writer of util/jw.h). */
#ifndef RT_JSON_OPT_H
#define RT_JSON_OPT_H

#include <stdbool.h>
#include <stdint.h>

#include "util/jw.h"

/* The member key: the integer x, or null when have is false. */
void json_opt_int(jw *w, const char *key, bool have, int64_t x);
/* The member key: the real x, or null when have is false. */
void json_opt_real(jw *w, const char *key, bool have, double x);

#endif
