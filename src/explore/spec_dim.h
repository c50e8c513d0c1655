/* spec_dim: the values of one dimension of a sweep file (explore/spec.h), read for spec_load:
 * a value checked against its param's words or range, a from/to/step range expanded exactly,
 * repeats refused, and the partition or kernel a dimension targets. Internal to the loader (it
 * sees libxml2). Every error is recorded at `at`; *oom is set when memory runs out. */
#ifndef RT_XP_SPEC_DIM_H
#define RT_XP_SPEC_DIM_H

#include <stdbool.h>

#include "explore/spec.h"
#include "taskset/taskset.h"
#include "taskset/xmlattr.h"

/* True if param p takes words (interference, windows, priorities, assign), not numbers. */
bool spec_dim_takes_words(xp_param p);
/* One value of param p from its text t into *v (its text owned by v: xp_value_fini); false
 * after an error (then v owns nothing). */
bool spec_dim_value(const xmlattr_at *at, xp_param p, const char *t, xp_value *v, bool *oom);
/* Append v to dim's values, which take over its text; false after an error (past a
 * million values) or out of memory, v still the caller's. */
bool spec_dim_push(const xmlattr_at *at, xp_dim *dim, const xp_value *v, bool *oom);
/* Append every from + k * step up to to, exactly (step NULL: 1); false after an error. */
bool spec_dim_range(const xmlattr_at *at, const char *from, const char *to, const char *step,
                    xp_dim *dim, bool *oom);
/* False after an error for a value dim lists twice (or out of memory). */
bool spec_dim_unique(const xmlattr_at *at, const xp_dim *dim, bool *oom);
/* Set dim->key (owned by dim; "naive_factor", "partition_sms:cam") and, for partition-sms and
 * kernel-scale, dim->target: the partition or kernel of ts that at's partition= or kernel=
 * names. ts is NULL without a base task set (ts_named: one was named, its errors recorded).
 * False after an error. */
bool spec_dim_target(const xmlattr_at *at, xp_dim *dim, const rt_taskset *ts, bool ts_named,
                     bool *oom);

#endif
