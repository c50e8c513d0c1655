/* spec_dim: the values of one dimension of a sweep file. Numbers in a sweep file are plain
 * decimals (no sign, no exponent, at most 9 decimals) read exactly as mant / 10^digits
 * (units_parse_decimal, taskset/units.h), so that a range from="0.1" to="1" step="0.05" has
 * exactly the values 0.1, 0.15, ..., 1 and each is printed as written by a person. */
#include "explore/spec_dim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/options.h"
#include "taskset/units.h"
#include "util/suggest.h"
#include "util/textesc.h"

#define DIM_MAX_VALUES 1000000

/* The words of the word-valued params, with the option value each stands for. */
typedef struct word { const char *w; int v; } word;
static const word w_intf[] = { { "masola", RT_INTF_MASOLA }, { "naive", RT_INTF_NAIVE },
                               { "none", RT_INTF_NONE }, { NULL, 0 } };
static const word w_windows[] = { { "worst-case", RT_WINDOWS_WORST_CASE },
                                  { "synchronous", RT_WINDOWS_SYNCHRONOUS }, { NULL, 0 } };
static const word w_prio[] = { { "given", RT_PRIO_GIVEN }, { "dm", RT_PRIO_DM },
                               { "audsley", RT_PRIO_AUDSLEY }, { NULL, 0 } };
static const word w_assign[] = { { "given", RT_ASSIGN_GIVEN }, { "search", RT_ASSIGN_SEARCH },
                                 { NULL, 0 } };

static const word *words_of(xp_param p)
{
    switch (p) {
    case XP_INTERFERENCE: return w_intf;
    case XP_WINDOWS: return w_windows;
    case XP_PRIORITIES: return w_prio;
    case XP_ASSIGN: return w_assign;
    default: return NULL;
    }
}

bool spec_dim_takes_words(xp_param p)
{
    return words_of(p) != NULL;
}

/* The range of a numeric param: lowest (inclusive unless lo_open), highest, whole numbers only. */
typedef struct num_rule { double lo, hi; bool lo_open, whole; const char *what; } num_rule;

static num_rule rule_of(xp_param p)
{
    switch (p) {
    case XP_MARGIN: return (num_rule){ 0, 10, false, false, "a fraction from 0 to 10" };
    case XP_NAIVE_FACTOR: return (num_rule){ 0, 100, false, false, "a number from 0 to 100" };
    case XP_PARTITION_SMS: return (num_rule){ 1, 1e9, false, true, "a whole number of SMs, at least 1" };
    case XP_PERIOD_SCALE:
    case XP_KERNEL_SCALE: return (num_rule){ 0, 1e6, true, false, "a factor above 0, at most 1000000" };
    default: return (num_rule){ 0, 1e6, true, false, "a utilisation above 0" };
    }
}

bool spec_dim_value(const xmlattr_at *at, xp_param p, const char *t, xp_value *v, bool *oom)
{
    char q[100];
    const word *w = words_of(p);
    memset(v, 0, sizeof *v);
    if (w) {
        for (size_t i = 0; w[i].w; i++)
            if (strcmp(t, w[i].w) == 0) {
                v->num = w[i].v;
                v->is_word = true;
                v->text = strdup(t);
                *oom |= !v->text;
                return v->text != NULL;
            }
        char list[120] = "";
        for (size_t i = 0; w[i].w; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", w[i].w);
        rt_suggest sg;
        rt_suggest_init(&sg, t);
        for (size_t i = 0; w[i].w; i++)
            rt_suggest_add(&sg, w[i].w);
        char h[80];
        xmlattr_error(at, "value \"%s\" is not a %s (expected one of %s)%s",
                      rt_textesc_quote(t, q, sizeof q), xp_spec_param_name(p), list, rt_suggest_hint(&sg, h, sizeof h));
        return false;
    }
    num_rule r = rule_of(p);
    int64_t mant;
    int digits;
    if (units_parse_decimal(t, &mant, &digits) != UNITS_OK) {
        xmlattr_error(at, "value \"%s\" is not a plain decimal number (expected %s, e.g. 0.25)",
                      rt_textesc_quote(t, q, sizeof q), r.what);
        return false;
    }
    double x = units_decimal_value(mant, digits);
    if ((r.whole && digits) || x < r.lo || (r.lo_open && x <= r.lo) || x > r.hi) {
        xmlattr_error(at, "value \"%s\" is out of range (expected %s)", rt_textesc_quote(t, q, sizeof q),
                      r.what);
        return false;
    }
    char buf[40];
    units_decimal_text(mant, digits, buf, sizeof buf);
    v->text = strdup(buf);
    *oom |= !v->text;
    v->real = strtod(buf, NULL);
    v->mant = mant;
    v->digits = digits;
    v->num = digits ? 0 : mant;
    return v->text != NULL;
}

bool spec_dim_push(const xmlattr_at *at, xp_dim *dim, const xp_value *v, bool *oom)
{
    if (dim->n == DIM_MAX_VALUES) {
        xmlattr_error(at, "has more than %d values", DIM_MAX_VALUES);
        return false;
    }
    if ((dim->n & (dim->n - 1)) == 0) {   /* capacity doubles at each power of two */
        xp_value *nv = realloc(dim->v, (dim->n ? 2 * dim->n : 1) * sizeof *nv);
        if (!nv) {
            *oom = true;
            return false;
        }
        dim->v = nv;
    }
    dim->v[dim->n++] = *v;
    return true;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

bool spec_dim_unique(const xmlattr_at *at, const xp_dim *dim, bool *oom)
{
    const char **t = malloc((dim->n ? dim->n : 1) * sizeof *t);
    if (!t) {
        *oom = true;
        return false;
    }
    for (size_t i = 0; i < dim->n; i++)
        t[i] = dim->v[i].text;
    qsort(t, dim->n, sizeof *t, cmp_text);
    bool ok = true;
    for (size_t i = 1; i < dim->n && ok; i++)
        if (strcmp(t[i - 1], t[i]) == 0) {
            char q[100];
            xmlattr_error(at, "value \"%s\" is listed twice", rt_textesc_quote(t[i], q, sizeof q));
            ok = false;
        }
    free(t);
    return ok;
}

bool spec_dim_range(const xmlattr_at *at, const char *from, const char *to, const char *step,
                    xp_dim *dim, bool *oom)
{
    const char *txt[3] = { from, to, step ? step : "1" };
    const char *names[3] = { "from", "to", "step" };
    int64_t m[3];
    int dg[3], D = 0;
    char q[100];
    for (int i = 0; i < 3; i++) {
        if (units_parse_decimal(txt[i], &m[i], &dg[i]) != UNITS_OK) {
            xmlattr_error(at, "%s \"%s\" is not a plain decimal number (e.g. 0.25)", names[i],
                          rt_textesc_quote(txt[i], q, sizeof q));
            return false;
        }
        if (dg[i] > D)
            D = dg[i];
    }
    for (int i = 0; i < 3; i++)
        m[i] = units_decimal_scale(m[i], dg[i], D);   /* < 10^15 * 10^9 < 2^63 */
    if (m[2] == 0 || m[1] < m[0]) {
        xmlattr_error(at, m[2] == 0 ? "step must be above 0" : "to \"%s\" is below from \"%s\"",
                      rt_textesc_quote(to, q, sizeof q), from);
        return false;
    }
    int64_t count = (m[1] - m[0]) / m[2] + 1;
    if (count > DIM_MAX_VALUES) {
        xmlattr_error(at, "the range has %lld values (at most %d)", (long long)count, DIM_MAX_VALUES);
        return false;
    }
    for (int64_t k = 0; k < count; k++) {
        char buf[48];
        int64_t v = m[0] + k * m[2];
        int d = D;
        while (d > 0 && v % 10 == 0) {
            v /= 10;
            d--;
        }
        if (v >= UNITS_DEC_MAX_MANT) {
            xmlattr_error(at, "the range's values are too large");
            return false;
        }
        units_decimal_text(v, d, buf, sizeof buf);
        xp_value x;
        if (!spec_dim_value(at, dim->param, buf, &x, oom))
            return false;
        if (!spec_dim_push(at, dim, &x, oom)) {
            xp_spec_value_fini(&x);
            return false;
        }
    }
    return true;
}

/* The key of a dimension in the result lines: the param's name in snake_case, like every key of
 * the JSON outputs ("naive_factor"), then ":" and the target's name as written for partition-sms
 * and kernel-scale ("partition_sms:cam"); NULL when out of memory. */
static char *dim_key(xp_param p, const char *target)
{
    const char *name = xp_spec_param_name(p);
    size_t len = strlen(name) + (target ? strlen(target) + 1 : 0) + 1;
    char *key = malloc(len);
    if (!key)
        return NULL;
    snprintf(key, len, "%s%s%s", name, target ? ":" : "", target ? target : "");
    for (char *c = key; *c && *c != ':'; c++)
        if (*c == '-')
            *c = '_';
    return key;
}

bool spec_dim_target(const xmlattr_at *at, xp_dim *dim, const rt_taskset *ts, bool ts_named,
                     bool *oom)
{
    bool part = dim->param == XP_PARTITION_SMS, kern = dim->param == XP_KERNEL_SCALE;
    const char *attr = part ? "partition" : "kernel";
    const char *other = part ? "kernel" : "partition";
    if (xmlattr_has(at, other) || (!part && !kern && xmlattr_has(at, attr))) {
        xmlattr_error(at, "%s=\"...\" does not belong to param \"%s\"",
                      xmlattr_has(at, other) ? other : attr, xp_spec_param_name(dim->param));
        return false;
    }
    if (!part && !kern)
        return (dim->key = dim_key(dim->param, NULL)) != NULL || (*oom = true, false);
    bool failed = false;
    char *name = xmlattr_dup(at, attr, &failed);
    if (!name) {
        if (!failed)
            xmlattr_error(at, "param \"%s\" needs %s=\"NAME\"", xp_spec_param_name(dim->param), attr);
        return false;
    }
    long k = -1;
    char q[100];
    if (!ts) {
        /* a base task set that could not be read has its own errors: the root cause */
        if (!ts_named)
            xmlattr_error(at, "param \"%s\" needs <base taskset=\"...\"> (a generated task set "
                          "has no named %ss)", xp_spec_param_name(dim->param), attr);
    } else if (part) {
        for (size_t i = 0; i < ts->n_partitions && k < 0; i++)
            if (strcmp(ts->partitions[i].name, name) == 0)
                k = (long)i;
        if (k < 0) {
            rt_suggest sg;
            rt_suggest_init(&sg, name);
            for (size_t i = 0; i < ts->n_partitions; i++)
                rt_suggest_add(&sg, ts->partitions[i].name);
            char h[140];
            xmlattr_error(at, "partition \"%s\" is not a partition of %s%s",
                          rt_textesc_quote(name, q, sizeof q), ts->path, rt_suggest_hint(&sg, h, sizeof h));
        }
    } else {
        k = rt_taskset_find_kernel(ts, name);
        char h[140];
        if (k < 0)
            xmlattr_error(at, "kernel \"%s\" is not a kernel of %s%s",
                          rt_textesc_quote(name, q, sizeof q), ts->path,
                          rt_taskset_hint_kernel(ts, name, h, sizeof h));
    }
    if (k >= 0) {
        dim->key = dim_key(dim->param, name);
        *oom |= !dim->key;
        dim->target = (size_t)k;
    }
    free(name);
    return k >= 0 && dim->key;
}
