/* sizes: the partition sizes the search may choose, as a minimum and a step in units of g. */
#include "search/sizes.h"

#include "util/ckint.h"

size_rule sizes_rule_of(const rt_options *o, int64_t g)
{
    size_rule r = { 1, 1 };
    if (g < 1)
        g = 1;
    if (o->part_step_sms > 1)
        r.step_units = o->part_step_sms / ck_gcd(o->part_step_sms, g);  /* lcm(step, g) / g */
    int64_t lo = o->part_min_sms > g ? ck_ceil_div(o->part_min_sms, g) : 1;
    int64_t up;
    if (ck_mul(ck_ceil_div(lo, r.step_units), r.step_units, &up))
        r.min_units = INT64_MAX;
    else
        r.min_units = up;
    return r;
}

bool sizes_ok(const size_rule *r, int64_t u)
{
    return u >= r->min_units && u % r->step_units == 0;
}

bool sizes_any(const size_rule *r)
{
    return r->min_units == 1 && r->step_units == 1;
}

int64_t sizes_up(const size_rule *r, int64_t u)
{
    if (u <= r->min_units)
        return r->min_units;
    int64_t up;
    return ck_mul(ck_ceil_div(u, r->step_units), r->step_units, &up) ? INT64_MAX : up;
}

int64_t sizes_down(const size_rule *r, int64_t u)
{
    if (u < r->min_units)
        return 0;
    return u / r->step_units * r->step_units;
}
