/* sizes: the partition sizes the search may choose (docs/assignment.md sec. 12), in units of
 * the granularity g: what the deployment mechanism (--deploy) can create and --min-partition-sms
 * allows. The one rule every step of the search that picks a size honours. */
#ifndef RT_SIZES_H
#define RT_SIZES_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/options.h"

/* Size u (units of g, u*g SMs) is allowed when u >= min_units and u % step_units == 0;
 * min_units is a multiple of step_units, both 1 without a rule. */
typedef struct size_rule {
    int64_t min_units, step_units;
} size_rule;

/* The rule of o->part_min_sms and o->part_step_sms (0: none) on granularity g >= 1: u*g >= the
 * minimum and a multiple of the step, so step_units = lcm(step, g) / g. A rule that overflows
 * allows no size (min_units = INT64_MAX). */
size_rule sizes_rule_of(const rt_options *o, int64_t g);
/* True when size u (units) is allowed. */
bool sizes_ok(const size_rule *r, int64_t u);
/* True when the rule allows every size (no constraint beyond g). */
bool sizes_any(const size_rule *r);
/* The smallest allowed size >= u (units); INT64_MAX on overflow. */
int64_t sizes_up(const size_rule *r, int64_t u);
/* The largest allowed size <= u (units); 0 if there is none. */
int64_t sizes_down(const size_rule *r, int64_t u);

#endif
