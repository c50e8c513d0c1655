/* spec_dim: a sweep dimension's values and target, read and checked for spec_load (it sees
 * libxml2): each error is recorded at `at`, and *oom set when memory runs out. */
#ifndef RT_XP_SPEC_DIM_H
#define RT_XP_SPEC_DIM_H

#include <stdbool.h>

#include "explore/spec.h"
#include "taskset/taskset.h"
#include "taskset/xmlattr.h"

/* True if param p takes words (interference, windows, priorities, assign), not numbers. */
bool spec_dim_takes_words(xp_param p);
/* Value t of param p into *v (v owns its text: xp_spec_value_fini); false after an error. */
bool spec_dim_value(const xmlattr_at *at, xp_param p, const char *t, xp_value *v, bool *oom);
/* Append v to dim, which takes its text; false (v still the caller's) past a million values. */
bool spec_dim_push(const xmlattr_at *at, xp_dim *dim, const xp_value *v, bool *oom);
/* Append every from + k * step up to to, exactly (step NULL: 1); false after an error. */
bool spec_dim_range(const xmlattr_at *at, const char *from, const char *to, const char *step,
                    xp_dim *dim, bool *oom);
/* False after an error for a value that dim lists twice. */
bool spec_dim_unique(const xmlattr_at *at, const xp_dim *dim, bool *oom);
/* Set dim->key (owned by dim) and dim->target, the partition or kernel of ts (NULL: none read;
 * ts_named: one was named) that the <vary> names; false after an error. */
bool spec_dim_target(const xmlattr_at *at, xp_dim *dim, const rt_taskset *ts, bool ts_named,
                     bool *oom);

#endif
