/* xmlattr: the located attribute readers of a parsed input: each typed getter parses with
 * taskset/units.c and records a diagnostic naming the file, the line and the object
 * (`task "cam": period "10" has no unit (expected e.g. 10ms)`). */
#include "taskset/xmlattr.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taskset/units.h"
#include "taskset/xmlsafe.h"
#include "util/textesc.h"

void xmlattr_at_init(xmlattr_at *at, const char *path, rt_diags *d, xmlNodePtr node,
                     const char *kind)
{
    at->path = path;
    at->d = d;
    at->node = node;
    at->line = xmlsafe_line(node);
    at->sep = ": ";
    xmlChar *name = xmlGetNoNsProp(node, BAD_CAST "name");
    if (name) {
        char q[120];
        snprintf(at->obj, sizeof at->obj, "%s \"%s\"", kind,
                 rt_textesc_quote((const char *)name, q, sizeof q));
        xmlFree(name);
    } else {
        snprintf(at->obj, sizeof at->obj, "%s", kind);
    }
}

void xmlattr_at_child(xmlattr_at *at, const xmlattr_at *parent, xmlNodePtr node,
                      const char *kind)
{
    at->path = parent->path;
    at->d = parent->d;
    at->node = node;
    at->line = xmlsafe_line(node);
    /* parent->obj fits at->obj; the suffix is cut if it does not */
    memcpy(at->obj, parent->obj, sizeof at->obj);
    size_t n = strlen(at->obj);
    snprintf(at->obj + n, sizeof at->obj - n, ": %s", kind);
    at->sep = " ";
}

char *xmlattr_default_name(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".xml") == 0)
        n -= 4;
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, base, n);
        s[n] = '\0';
    }
    return s;
}

void xmlattr_error(const xmlattr_at *at, const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    rt_diag_error(at->d, at->path, at->line, "%s%s%s", at->obj, at->sep, buf);
}

bool xmlattr_has(const xmlattr_at *at, const char *attr)
{
    return xmlHasNsProp(at->node, (const xmlChar *)attr, NULL) != NULL;
}

/* Raw value of attr: 1 present (*v for xmlFree), 0 absent, -1 out of memory (recorded). */
static int get_value(const xmlattr_at *at, const char *attr, xmlChar **v)
{
    if (!xmlattr_has(at, attr))
        return 0;
    *v = xmlGetNoNsProp(at->node, (const xmlChar *)attr);
    if (!*v) {
        xmlattr_error(at, "out of memory reading %s", attr);
        return -1;
    }
    return 1;
}

static int bad_value(const xmlattr_at *at, const char *attr, const xmlChar *v,
                     const char *problem)
{
    char q[100];
    xmlattr_error(at, "%s \"%s\" %s", attr, rt_textesc_quote((const char *)v, q, sizeof q), problem);
    return -1;
}

char *xmlattr_dup(const xmlattr_at *at, const char *attr, bool *failed)
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0) {
        if (rc < 0)
            *failed = true;
        return NULL;
    }
    char *s = strdup((const char *)v);
    xmlFree(v);
    if (!s) {
        xmlattr_error(at, "out of memory reading %s", attr);
        *failed = true;
    }
    return s;
}

int xmlattr_get_name(const xmlattr_at *at, char **out)
{
    bool failed = false;
    char *s = xmlattr_dup(at, "name", &failed);
    if (!s) {
        if (!failed)
            xmlattr_error(at, "has no name");
        return -1;
    }
    /* an invalid name is still handed out, so that references to it do not add errors */
    *out = s;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p == 0x7f) {
            xmlattr_error(at, "name contains a control character");
            return -1;
        }
    if (!*s) {
        xmlattr_error(at, "name is empty");
        return -1;
    }
    return 1;
}

static const char *int_bound_text(int64_t min, char *buf, size_t size)
{
    if (min == 0)
        return "must not be negative";
    snprintf(buf, size, "must be at least %lld", (long long)min);
    return buf;
}

/* The wording for a whole-ns duration below min_ns. */
static const char *dur_bound_text(int64_t min_ns, char *buf, size_t size)
{
    if (min_ns == 1)
        return "must be positive";
    if (min_ns <= 0)
        return "must not be negative";
    snprintf(buf, size, "must be at least %lldns", (long long)min_ns);
    return buf;
}

/* "is not a whole number of nanoseconds" with the nearest safe whole value: rounded down for a
 * period, a deadline or a best case (shorter is the safe side), up for a jitter, a launch
 * overhead, a copy setup, a copy time or a CPU WCET (longer is the safe side); for any other duration (a block-time, a submit time) neither side is the
 * safe one, so both whole neighbours are named. */
static const char *not_whole_text(const char *attr, const char *v, char *buf, size_t size)
{
    double ns = 0;
    bool up = strcmp(attr, "jitter") == 0 || strcmp(attr, "launch-overhead") == 0 ||
              strcmp(attr, "wcet") == 0 || strcmp(attr, "setup") == 0 ||
              strcmp(attr, "time") == 0;
    bool down = strcmp(attr, "period") == 0 || strcmp(attr, "deadline") == 0 ||
                strcmp(attr, "bcet") == 0;
    if (units_parse_duration_real_ns(v, &ns) != UNITS_OK || !(ns >= 0 && ns < 9e15))
        return units_status_text(UNITS_NOT_WHOLE);
    if (!up && !down)
        snprintf(buf, size, "%s (the whole values nearest are %.0fns and %.0fns)",
                 units_status_text(UNITS_NOT_WHOLE), floor(ns), ceil(ns));
    else
        snprintf(buf, size, "%s (nearest safe value: %.0fns, rounded %s: a %s %s is the safe "
                 "side)", units_status_text(UNITS_NOT_WHOLE), up ? ceil(ns) : floor(ns),
                 up ? "up" : "down", up ? "longer" : "shorter", attr);
    return buf;
}

/* An integer attribute read with parse (plain integer or whole-ns duration), at least min;
 * bound_text words the problem when it is below. */
static int get_int_with(const xmlattr_at *at, const char *attr, int64_t min,
                        units_status (*parse)(const char *, int64_t *),
                        const char *(*bound_text)(int64_t, char *, size_t), int64_t *out)
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0)
        return rc;
    int64_t x = 0;
    char bound[200];
    units_status st = parse((const char *)v, &x);
    if (st == UNITS_NOT_WHOLE && parse == units_parse_duration_ns)
        rc = bad_value(at, attr, v, not_whole_text(attr, (const char *)v, bound, sizeof bound));
    else if (st != UNITS_OK)
        rc = bad_value(at, attr, v, units_status_explain(st, (const char *)v, bound,
                                                         sizeof bound));
    else if (x < min)
        rc = bad_value(at, attr, v, bound_text(min, bound, sizeof bound));
    else
        *out = x;
    xmlFree(v);
    return rc;
}

int xmlattr_get_int(const xmlattr_at *at, const char *attr, int64_t min, int64_t *out)
{
    return get_int_with(at, attr, min, units_parse_int, int_bound_text, out);
}

/* The problem with x under bound b, or NULL if none. */
static const char *real_bound_problem(double x, xmlattr_bound b)
{
    if (b == XMLATTR_POSITIVE && !(x > 0))
        return "must be positive";
    if (b == XMLATTR_NONNEG && x < 0)
        return "must not be negative";
    return NULL;
}

/* A real attribute read with parse (plain number or duration), then checked against b. */
static int get_real_with(const xmlattr_at *at, const char *attr, xmlattr_bound b,
                         units_status (*parse)(const char *, double *), double *out)
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0)
        return rc;
    double x = 0;
    char buf[200];
    units_status st = parse((const char *)v, &x);
    const char *problem = st != UNITS_OK ? units_status_explain(st, (const char *)v, buf, sizeof buf)
                                         : real_bound_problem(x, b);
    if (problem)
        rc = bad_value(at, attr, v, problem);
    else
        *out = x;
    xmlFree(v);
    return rc;
}

int xmlattr_get_real(const xmlattr_at *at, const char *attr, xmlattr_bound b, double *out)
{
    return get_real_with(at, attr, b, units_parse_real, out);
}

int xmlattr_get_duration_ns(const xmlattr_at *at, const char *attr, int64_t min_ns,
                            int64_t *out)
{
    return get_int_with(at, attr, min_ns, units_parse_duration_ns, dur_bound_text, out);
}

int xmlattr_get_duration_real_ns(const xmlattr_at *at, const char *attr, xmlattr_bound b,
                                 double *out)
{
    return get_real_with(at, attr, b, units_parse_duration_real_ns, out);
}

/* Parse "X[,Y[,Z]]" of positive integers into dims; 0 on success. */
static int parse_dims(const char *s, int64_t dims[3])
{
    int64_t d[3] = {1, 1, 1};
    char part[32];
    int k = 0;
    const char *p = s;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (k == 3 || n == 0 || n >= sizeof part)
            return -1;
        memcpy(part, p, n);
        part[n] = '\0';
        if (units_parse_int(part, &d[k]) != UNITS_OK || d[k] < 1 || part[0] == '+')
            return -1;
        k++;
        if (!comma)
            break;
        p = comma + 1;
    }
    memcpy(dims, d, sizeof d);
    return 0;
}

int xmlattr_get_dims(const xmlattr_at *at, const char *attr, int64_t dims[3])
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0)
        return rc;
    if (parse_dims((const char *)v, dims) != 0)
        rc = bad_value(at, attr, v, "must be 1 to 3 positive integers separated by commas "
                       "(e.g. 128 or 32,8)");
    xmlFree(v);
    return rc;
}

int xmlattr_get_decimal(const xmlattr_at *at, const char *attr, int64_t *mant, int *digits)
{
    xmlChar *v = NULL;
    int rc = get_value(at, attr, &v);
    if (rc <= 0)
        return rc;
    int64_t m = 0;
    int dg = 0;
    if (units_parse_decimal((const char *)v, &m, &dg) != UNITS_OK)
        rc = bad_value(at, attr, v, "is not a plain decimal (expected digits with at most 9 "
                       "after the point and fewer than 16 in all, e.g. 25 or 12.5; no sign, no "
                       "exponent)");
    else if (m == 0)
        rc = bad_value(at, attr, v, "must be positive");
    else {
        *mant = m;
        *digits = dg;
    }
    xmlFree(v);
    return rc;
}
