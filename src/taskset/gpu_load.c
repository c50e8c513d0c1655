/* gpu_load: read a GPU description file into an rt_gpu record and check every value. */
#include "taskset/gpu_load.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "taskset/units.h"
#include "taskset/xmlattr.h"
#include "taskset/xmlsafe.h"
#include "util/suggest.h"
#include "util/textesc.h"
#include "util/ckint.h"

/* Largest SM count accepted: far above any GPU made, small enough that per-size tables
 * (one row per allowed partition size) stay small. */
#define GPU_MAX_SMS 4096

static int64_t *parse_sm_permutation(const xmlattr_at *at, const char *v, int64_t sms)
{
    char q[60];
    const char *expect = "expected ascending, even-odd, or a comma-separated permutation of the "
                         "SM ids 0 to sms - 1";
    /* every id is below sms and none repeats, so at most sms ids are stored */
    int64_t *perm = calloc((size_t)sms, sizeof *perm);
    bool *seen = calloc((size_t)sms, sizeof *seen);
    int64_t n = 0;
    const char *p = v;
    if (!perm || !seen) {
        rt_diag_error(at->d, at->path, at->line, "out of memory");
        goto fail;
    }
    for (;;) {
        while (*p == ' ')
            p++;
        if ((*p < '0' || *p > '9') && n == 0) {
            xmlattr_error(at, "placement-order \"%s\" is not a known order (%s)",
                          rt_textesc_quote(v, q, sizeof q), expect);
            goto fail;
        }
        if (*p < '0' || *p > '9') {
            xmlattr_error(at, "placement-order \"%s\": item %lld is not an SM id (%s)",
                          rt_textesc_quote(v, q, sizeof q), (long long)n + 1, expect);
            goto fail;
        }
        int64_t id = 0;
        while (*p >= '0' && *p <= '9') {
            if (id <= sms)
                id = id * 10 + (*p - '0');
            p++;
        }
        while (*p == ' ')
            p++;
        if (id >= sms) {
            xmlattr_error(at, "placement-order \"%s\": SM %s%lld is not below sms %lld (%s)",
                          rt_textesc_quote(v, q, sizeof q), id > sms ? "id " : "", (long long)id,
                          (long long)sms, expect);
            goto fail;
        }
        if (seen[id]) {
            xmlattr_error(at, "placement-order \"%s\": SM %lld is listed twice (%s)",
                          rt_textesc_quote(v, q, sizeof q), (long long)id, expect);
            goto fail;
        }
        seen[id] = true;
        perm[n++] = id;
        if (*p == '\0')
            break;
        if (*p++ != ',') {
            xmlattr_error(at, "placement-order \"%s\": SM ids must be separated by commas (%s)",
                          rt_textesc_quote(v, q, sizeof q), expect);
            goto fail;
        }
    }
    if (n != sms) {
        xmlattr_error(at, "placement-order \"%s\" lists %lld SMs, but the GPU has sms %lld "
                      "(%s)", rt_textesc_quote(v, q, sizeof q), (long long)n, (long long)sms, expect);
        goto fail;
    }
    free(seen);
    return perm;
fail:
    free(seen);
    free(perm);
    return NULL;
}

/* <sm placement-order>: ascending (default), even-odd, or an explicit permutation (needs a valid
 * sms). False after recording an error. */
static bool read_placement_order(const xmlattr_at *at, rt_gpu *g, bool sms_ok)
{
    bool failed = false;
    char *v = xmlattr_dup(at, "placement-order", &failed);
    bool ok = !failed;
    if (v) {
        g->placement_order_given = true;
        if (strcmp(v, "ascending") == 0) {
            g->placement_order = RT_ORDER_ASCENDING;
        } else if (strcmp(v, "even-odd") == 0) {
            g->placement_order = RT_ORDER_EVEN_ODD;
        } else if (sms_ok) {
            g->placement_order = RT_ORDER_EXPLICIT;
            ok = (g->placement_sms = parse_sm_permutation(at, v, g->sms)) != NULL;
        }
    }
    free(v);
    return ok;
}

/* Column of the compute capability in rt_gpu_sm_rule.cc, or -1 without one. */
static int read_compute_capability(const xmlattr_at *at, rt_gpu *g)
{
    bool failed = false;
    char *v = xmlattr_dup(at, "compute-capability", &failed);
    int col = -1;
    if (!v)
        return failed ? -2 : -1;
    for (size_t i = 0; i < RT_GPU_N_CC; i++) {
        int cc;
        if (strcmp(v, rt_gpu_cc_known(i, &cc)) == 0) {
            g->compute_capability = cc;
            col = (int)i;
        }
    }
    if (col < 0) {
        char q[60];
        xmlattr_error(at, "compute-capability \"%s\" is not one of 7.0, 7.2, 7.5, 8.0, 8.6, 8.7, "
                          "8.9, 9.0",
                      rt_textesc_quote(v, q, sizeof q));
        col = -2;
    }
    free(v);
    return col;
}

/* Every <sm> value (docs/concurrency.md sec. 1): given, else from the compute capability (col),
 * else the plain default; the five SM totals are required without a compute capability. */
static void read_sm_limits(const xmlattr_at *gat, xmlNodePtr n, rt_gpu *g)
{
    xmlattr_at at;
    xmlattr_at_child(&at, gat, n, "sm");
    int col = read_compute_capability(&at, g);
    bool ok = col != -2;
    for (int i = 0; i < RT_SM_N_ATTRS; i++) {
        const rt_gpu_sm_rule *r = rt_gpu_sm_rule_of(i);
        int64_t *f = rt_gpu_sm_field(&g->sm, i);
        int rc = xmlattr_get_int(&at, r->attr, r->min, f);
        if (rc == 1) {
            g->sm.source[i] = RT_SM_GIVEN;
        } else if (rc < 0) {
            ok = false;
        } else if (col >= 0) {
            *f = r->cc[col];
            g->sm.source[i] = RT_SM_FROM_CC;
        } else if (r->plain > 0 || r->min == 0) {
            *f = r->plain;
            g->sm.source[i] = RT_SM_DEFAULT;
        } else if (r->plain < 0) {
            g->sm.source[i] = RT_SM_DEFAULT; /* set below, from the value it defaults to */
        } else if (col == -1) {
            xmlattr_error(&at, "has no %s (required without compute-capability)",
                          r->attr);
            ok = false;
        }
    }
    for (int i = 0; i < RT_SM_N_ATTRS; i++)
        if (rt_gpu_sm_rule_of(i)->plain < 0 && g->sm.source[i] == RT_SM_DEFAULT)
            *rt_gpu_sm_field(&g->sm, i) = rt_gpu_sm_value(&g->sm, rt_gpu_sm_rule_of(i)->like);
    ok &= read_placement_order(&at, g, g->sms >= 1 && g->sms <= GPU_MAX_SMS);
    g->has_sm_limits = ok;
}

static void read_model(const xmlattr_at *gat, xmlNodePtr n, rt_gpu *g)
{
    xmlattr_at at;
    xmlattr_at_child(&at, gat, n, "model");
    xmlattr_get_real(&at, "alpha", XMLATTR_POSITIVE, &g->alpha);
}

/* Required attribute: an error if absent (the schema normally reports it first). */
static void need(const xmlattr_at *at, int rc, const char *attr)
{
    if (rc == 0)
        xmlattr_error(at, "has no %s", attr);
}

static void read_counts(const xmlattr_at *at, rt_gpu *g)
{
    int sms_ok = xmlattr_get_int(at, "sms", 1, &g->sms);
    need(at, sms_ok, "sms");
    if (sms_ok == 1 && g->sms > GPU_MAX_SMS) {
        xmlattr_error(at, "sms \"%lld\" is more than %d, the most this tool supports",
                      (long long)g->sms, GPU_MAX_SMS);
        sms_ok = -1;
    }
    need(at, xmlattr_get_int(at, "l2-banks", 1, &g->l2_banks), "l2-banks");
    g->granularity = 1;
    if (xmlattr_get_int(at, "partition-granularity", 1, &g->granularity) == 1 && sms_ok == 1 &&
        g->sms % g->granularity != 0)
        xmlattr_error(at, "partition-granularity \"%lld\" does not divide sms \"%lld\" (partition "
                      "sizes are multiples of it)", (long long)g->granularity, (long long)g->sms);
}

static void read_rates(const xmlattr_at *at, rt_gpu *g)
{
    need(at, xmlattr_get_real(at, "clock-mhz", XMLATTR_POSITIVE, &g->clock_mhz), "clock-mhz");
    int nom = xmlattr_get_real(at, "bw-nominal-gbps", XMLATTR_POSITIVE, &g->bw_nominal_gbps);
    need(at, nom, "bw-nominal-gbps");
    int eff = xmlattr_get_real(at, "bw-effective-gbps", XMLATTR_POSITIVE, &g->bw_effective_gbps);
    need(at, eff, "bw-effective-gbps");
    if (nom == 1 && eff == 1 && g->bw_effective_gbps > g->bw_nominal_gbps) {
        bool failed = false;
        char *e = xmlattr_dup(at, "bw-effective-gbps", &failed);
        char *n = xmlattr_dup(at, "bw-nominal-gbps", &failed);
        char qe[60], qn[60];
        xmlattr_error(at, "bw-effective-gbps \"%s\" exceeds bw-nominal-gbps \"%s\" (the measured "
                      "saturation cannot exceed the nominal bandwidth)",
                      rt_textesc_quote(e ? e : "", qe, sizeof qe), rt_textesc_quote(n ? n : "", qn, sizeof qn));
        free(n);
        free(e);
    }
    xmlattr_get_duration_ns(at, "launch-overhead", 0, &g->launch_overhead_ns);
}

/* <cpu cores name>: at most one (the schema says so). */
static void read_cpu(const xmlattr_at *gat, xmlNodePtr n, rt_gpu *g)
{
    xmlattr_at at;
    xmlattr_at_child(&at, gat, n, "cpu");
    g->has_cpu = true;
    int rc = xmlattr_get_int(&at, "cores", 1, &g->cpu_cores);
    need(&at, rc, "cores");
    if (rc > 0 && g->cpu_cores > RT_GPU_MAX_CPU_CORES) {
        xmlattr_error(&at, "cores \"%" PRId64 "\" must be at most %d (the largest CPU count "
                      "Linux supports, NR_CPUS)", g->cpu_cores, RT_GPU_MAX_CPU_CORES);
        g->cpu_cores = 0;
    }
    if (xmlattr_has(&at, "name"))
        xmlattr_get_name(&at, &g->cpu_name);
}

/* <copy-engine name gbps setup policy>. */
static void read_engine(const char *path, rt_diags *d, xmlNodePtr n, rt_copy_engine *e)
{
    xmlattr_at at;
    xmlattr_at_init(&at, path, d, n, "copy-engine");
    e->line = at.line;
    e->fifo = true;
    xmlattr_get_name(&at, &e->name);
    int64_t mant = 0;
    int digits = 0;
    int rc = xmlattr_get_decimal(&at, "gbps", &mant, &digits);
    need(&at, rc, "gbps");
    if (rc == 1) {
        int64_t den = units_decimal_scale(1, 0, digits), k = ck_gcd(mant, den);
        e->gbps_num = mant / k;
        e->gbps_den = den / k;
    }
    xmlattr_get_duration_ns(&at, "setup", 0, &e->setup_ns);
    bool failed = false;
    char *policy = xmlattr_dup(&at, "policy", &failed);
    if (policy && strcmp(policy, "priority") == 0) {
        e->fifo = false;
    } else if (policy && strcmp(policy, "fifo") != 0) {
        char q[60], h[60];
        xmlattr_error(&at, "policy \"%s\" is not fifo or priority (fifo: copies are served in "
                      "the order they are submitted; priority: by the priority of their steps)%s",
                      rt_textesc_quote(policy, q, sizeof q),
                      rt_suggest_among(policy, (const char *const[]){ "fifo", "priority", NULL },
                                       h, sizeof h));
    }
    free(policy);
}

/* Every <copy-engine>, in file order, with unique names. */
static void read_engines(const char *path, rt_diags *d, xmlNodePtr root, rt_gpu *g)
{
    if (!(g->engines = xmlsafe_alloc_children(root, "copy-engine", sizeof *g->engines, path, d)))
        return;
    for (xmlNodePtr c = root->children; c; c = c->next)
        if (xmlsafe_is(c, "copy-engine"))
            read_engine(path, d, c, &g->engines[g->n_engines++]);
    /* a handful of engines: the quadratic check is the plain one */
    for (size_t i = 0; i < g->n_engines; i++)
        for (size_t j = 0; j < i; j++)
            if (g->engines[i].name && g->engines[j].name &&
                strcmp(g->engines[i].name, g->engines[j].name) == 0) {
                char q[100];
                rt_diag_error(d, path, g->engines[i].line, "copy-engine \"%s\" is defined "
                              "twice (first at line %ld)",
                              rt_textesc_quote(g->engines[i].name, q, sizeof q), g->engines[j].line);
                break;
            }
}

static void read_gpu(const char *path, rt_diags *d, xmlNodePtr root, rt_gpu *g)
{
    xmlattr_at at;
    xmlattr_at_init(&at, path, d, root, "gpu");
    g->line = at.line;
    if (xmlattr_has(&at, "name"))
        xmlattr_get_name(&at, &g->name);
    else if (!(g->name = xmlattr_default_name(path)))
        rt_diag_error(d, path, 0, "out of memory");
    read_counts(&at, g);
    read_rates(&at, g);
    g->alpha = 100.0; /* docs/model.md sec. 1 */
    for (xmlNodePtr c = root->children; c; c = c->next) {
        if (xmlsafe_is(c, "sm"))
            read_sm_limits(&at, c, g);
        else if (xmlsafe_is(c, "model"))
            read_model(&at, c, g);
        else if (xmlsafe_is(c, "cpu"))
            read_cpu(&at, c, g);
    }
    read_engines(path, d, root, g);
}

rt_gpu *rt_gpu_load(const char *path, rt_diags *d)
{
    size_t errors_before = rt_diag_errors(d);
    unsigned char sha[32];
    rt_gpu *g = NULL;
    xmlDocPtr doc = xmlsafe_load(path, XMLSAFE_GPU, d, sha);
    if (!doc)
        goto done;
    if (!(g = calloc(1, sizeof *g)) || !(g->path = strdup(path))) {
        rt_diag_error(d, path, 0, "out of memory");
        goto done;
    }
    memcpy(g->sha256, sha, sizeof sha);
    read_gpu(path, d, xmlDocGetRootElement(doc), g);
done:
    xmlFreeDoc(doc);
    if (g && rt_diag_errors(d) != errors_before) {
        rt_gpu_free(g);
        g = NULL;
    }
    return g;
}
