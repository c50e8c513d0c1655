/* gpu_load: read a GPU description file into an rt_gpu record and check every value. */
#include "taskset/gpu.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "taskset/units.h"
#include "taskset/xmlattr.h"
#include "taskset/xmlsafe.h"
#include "util/textesc.h"
#include "util/ckint.h"

/* Largest SM count accepted: far above any GPU made, small enough that per-size tables
 * (one row per allowed partition size) stay small. */
#define GPU_MAX_SMS 4096

/* The compute capabilities whose CUDA rules the tool knows (docs/concurrency.md sec. 1). */
static const struct { const char *text; int cc; } known_cc[] = {
    {"7.0", 70}, {"7.2", 72}, {"7.5", 75}, {"8.0", 80}, {"8.6", 86}, {"8.7", 87}, {"8.9", 89},
    {"9.0", 90},
};
#define N_CC (sizeof known_cc / sizeof known_cc[0])

/* Every <sm> value: attribute, field, least valid value, plain default (-1: the value of the
 * attribute `like`) and the docs/concurrency.md sec. 1 table, one column per known_cc entry (0: the
 * attribute has no default and is required without compute-capability). */
static const struct {
    const char *attr;
    size_t off;
    int64_t min, plain;
    int like;
    int64_t cc[N_CC];
} sm_attrs[RT_SM_N_ATTRS] = {
    [RT_SM_THREADS] = {"threads", offsetof(rt_sm_limits, threads), 1, 0, 0,
                       {2048, 2048, 1024, 2048, 1536, 1536, 1536, 2048}},
    [RT_SM_BLOCKS] = {"blocks", offsetof(rt_sm_limits, blocks), 1, 0, 0,
                      {32, 32, 16, 32, 16, 16, 24, 32}},
    [RT_SM_WARPS] = {"warps", offsetof(rt_sm_limits, warps), 1, 0, 0,
                     {64, 64, 32, 64, 48, 48, 48, 64}},
    [RT_SM_REGISTERS] = {"registers", offsetof(rt_sm_limits, registers), 1, 0, 0,
                         {65536, 65536, 65536, 65536, 65536, 65536, 65536, 65536}},
    [RT_SM_SHARED_MEMORY] = {"shared-memory", offsetof(rt_sm_limits, shared_memory), 1, 0, 0,
                             {98304, 98304, 65536, 167936, 102400, 167936, 102400, 233472}},
    [RT_SM_WARP_SIZE] = {"warp-size", offsetof(rt_sm_limits, warp_size), 1, 32, 0,
                         {32, 32, 32, 32, 32, 32, 32, 32}},
    [RT_SM_THREADS_PER_BLOCK] = {"threads-per-block", offsetof(rt_sm_limits, threads_per_block),
                                 1, 1024, 0, {1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024}},
    [RT_SM_REGISTERS_PER_THREAD] = {"registers-per-thread",
                                    offsetof(rt_sm_limits, registers_per_thread), 1, 255, 0,
                                    {255, 255, 255, 255, 255, 255, 255, 255}},
    [RT_SM_REGISTERS_PER_BLOCK] = {"registers-per-block",
                                   offsetof(rt_sm_limits, registers_per_block), 1, -1,
                                   RT_SM_REGISTERS,
                                   {65536, 65536, 65536, 65536, 65536, 65536, 65536, 65536}},
    [RT_SM_REGISTER_UNIT] = {"register-unit", offsetof(rt_sm_limits, register_unit), 1, 1, 0,
                             {256, 256, 256, 256, 256, 256, 256, 256}},
    [RT_SM_WARP_GRANULARITY] = {"warp-granularity", offsetof(rt_sm_limits, warp_granularity), 1,
                                1, 0, {4, 4, 4, 4, 4, 4, 4, 4}},
    [RT_SM_SHARED_MEMORY_PER_BLOCK] = {"shared-memory-per-block",
                                       offsetof(rt_sm_limits, shared_memory_per_block), 1, -1,
                                       RT_SM_SHARED_MEMORY,
                                       {98304, 98304, 65536, 166912, 101376, 166912, 101376,
                                        232448}},
    [RT_SM_SHARED_MEMORY_UNIT] = {"shared-memory-unit", offsetof(rt_sm_limits, shared_memory_unit),
                                  1, 1, 0, {256, 256, 256, 128, 128, 128, 128, 128}},
    [RT_SM_SHARED_MEMORY_RESERVED] = {"shared-memory-reserved",
                                      offsetof(rt_sm_limits, shared_memory_reserved), 0, 0, 0,
                                      {0, 0, 0, 1024, 1024, 1024, 1024, 1024}},
};

const char *rt_sm_attr_name(int i)
{
    return i >= 0 && i < RT_SM_N_ATTRS ? sm_attrs[i].attr : "?";
}

const char *rt_sm_key_name(int i)
{
    static const char *const keys[RT_SM_N_ATTRS] = {
        [RT_SM_THREADS] = "threads", [RT_SM_BLOCKS] = "blocks", [RT_SM_WARPS] = "warps",
        [RT_SM_REGISTERS] = "registers", [RT_SM_SHARED_MEMORY] = "shared_memory",
        [RT_SM_WARP_SIZE] = "warp_size", [RT_SM_THREADS_PER_BLOCK] = "threads_per_block",
        [RT_SM_REGISTERS_PER_THREAD] = "registers_per_thread",
        [RT_SM_REGISTERS_PER_BLOCK] = "registers_per_block",
        [RT_SM_REGISTER_UNIT] = "register_unit", [RT_SM_WARP_GRANULARITY] = "warp_granularity",
        [RT_SM_SHARED_MEMORY_PER_BLOCK] = "shared_memory_per_block",
        [RT_SM_SHARED_MEMORY_UNIT] = "shared_memory_unit",
        [RT_SM_SHARED_MEMORY_RESERVED] = "shared_memory_reserved",
    };
    return i >= 0 && i < RT_SM_N_ATTRS ? keys[i] : "?";
}

static int64_t *sm_field(rt_sm_limits *sm, int i)
{
    return (int64_t *)(void *)((char *)sm + sm_attrs[i].off);
}

int64_t rt_sm_value(const rt_sm_limits *sm, int i)
{
    return *(const int64_t *)(const void *)((const char *)sm + sm_attrs[i].off);
}

const char *rt_sm_source_name(rt_sm_source s)
{
    switch (s) {
    case RT_SM_GIVEN: return "given";
    case RT_SM_FROM_CC: return "compute-capability";
    default: return "default";
    }
}

bool rt_sm_plain_arithmetic(const rt_gpu *g)
{
    return !g->compute_capability && g->sm.source[RT_SM_REGISTER_UNIT] != RT_SM_GIVEN &&
           g->sm.source[RT_SM_WARP_GRANULARITY] != RT_SM_GIVEN &&
           g->sm.source[RT_SM_SHARED_MEMORY_UNIT] != RT_SM_GIVEN;
}

const char *rt_gpu_cc_text(const rt_gpu *g)
{
    for (size_t i = 0; i < N_CC; i++)
        if (known_cc[i].cc == g->compute_capability)
            return known_cc[i].text;
    return NULL;
}

const char *rt_placement_order_name(rt_placement_order o)
{
    switch (o) {
    case RT_ORDER_EVEN_ODD: return "even-odd";
    case RT_ORDER_EXPLICIT: return "explicit";
    default: return "ascending";
    }
}

/* The explicit placement-order v: sms comma-separated SM ids, each of 0..sms-1 once. Returns the
 * permutation (caller frees), or NULL after recording an error. */
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
                          rt_quote(v, q, sizeof q), expect);
            goto fail;
        }
        if (*p < '0' || *p > '9') {
            xmlattr_error(at, "placement-order \"%s\": item %lld is not an SM id (%s)",
                          rt_quote(v, q, sizeof q), (long long)n + 1, expect);
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
                          rt_quote(v, q, sizeof q), id > sms ? "id " : "", (long long)id,
                          (long long)sms, expect);
            goto fail;
        }
        if (seen[id]) {
            xmlattr_error(at, "placement-order \"%s\": SM %lld is listed twice (%s)",
                          rt_quote(v, q, sizeof q), (long long)id, expect);
            goto fail;
        }
        seen[id] = true;
        perm[n++] = id;
        if (*p == '\0')
            break;
        if (*p++ != ',') {
            xmlattr_error(at, "placement-order \"%s\": SM ids must be separated by commas (%s)",
                          rt_quote(v, q, sizeof q), expect);
            goto fail;
        }
    }
    if (n != sms) {
        xmlattr_error(at, "placement-order \"%s\" lists %lld SMs, but the GPU has sms %lld "
                      "(%s)", rt_quote(v, q, sizeof q), (long long)n, (long long)sms, expect);
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

/* Column of the compute capability in sm_attrs[].cc, or -1 without one. */
static int read_compute_capability(const xmlattr_at *at, rt_gpu *g)
{
    bool failed = false;
    char *v = xmlattr_dup(at, "compute-capability", &failed);
    int col = -1;
    if (!v)
        return failed ? -2 : -1;
    for (size_t i = 0; i < N_CC; i++)
        if (strcmp(v, known_cc[i].text) == 0) {
            g->compute_capability = known_cc[i].cc;
            col = (int)i;
        }
    if (col < 0) {
        char q[60];
        xmlattr_error(at, "compute-capability \"%s\" is not one of 7.0, 7.2, 7.5, 8.0, 8.6, 8.7, "
                          "8.9, 9.0",
                      rt_quote(v, q, sizeof q));
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
        int64_t *f = sm_field(&g->sm, i);
        int rc = xmlattr_get_int(&at, sm_attrs[i].attr, sm_attrs[i].min, f);
        if (rc == 1) {
            g->sm.source[i] = RT_SM_GIVEN;
        } else if (rc < 0) {
            ok = false;
        } else if (col >= 0) {
            *f = sm_attrs[i].cc[col];
            g->sm.source[i] = RT_SM_FROM_CC;
        } else if (sm_attrs[i].plain > 0 || sm_attrs[i].min == 0) {
            *f = sm_attrs[i].plain;
            g->sm.source[i] = RT_SM_DEFAULT;
        } else if (sm_attrs[i].plain < 0) {
            g->sm.source[i] = RT_SM_DEFAULT; /* set below, from the value it defaults to */
        } else if (col == -1) {
            xmlattr_error(&at, "has no %s (required without compute-capability)",
                          sm_attrs[i].attr);
            ok = false;
        }
    }
    for (int i = 0; i < RT_SM_N_ATTRS; i++)
        if (sm_attrs[i].plain < 0 && g->sm.source[i] == RT_SM_DEFAULT)
            *sm_field(&g->sm, i) = rt_sm_value(&g->sm, sm_attrs[i].like);
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
                      rt_quote(e ? e : "", qe, sizeof qe), rt_quote(n ? n : "", qn, sizeof qn));
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
        char q[60];
        xmlattr_error(&at, "policy \"%s\" is not fifo or priority (fifo: copies are served in "
                      "the order they are submitted; priority: by the priority of their steps)",
                      rt_quote(policy, q, sizeof q));
    }
    free(policy);
}

/* Every <copy-engine>, in file order, with unique names. */
static void read_engines(const char *path, rt_diags *d, xmlNodePtr root, rt_gpu *g)
{
    size_t n = 0;
    for (xmlNodePtr c = root->children; c; c = c->next)
        n += xmlsafe_is(c, "copy-engine");
    if (n == 0)
        return;
    if (!(g->engines = calloc(n, sizeof *g->engines))) {
        rt_diag_error(d, path, 0, "out of memory");
        return;
    }
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
                              rt_quote(g->engines[i].name, q, sizeof q), g->engines[j].line);
                break;
            }
}

long rt_gpu_find_engine(const rt_gpu *g, const char *name)
{
    for (size_t i = 0; i < g->n_engines; i++)
        if (g->engines[i].name && strcmp(g->engines[i].name, name) == 0)
            return (long)i;
    return -1;
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
    size_t errors_before = rt_diags_errors(d);
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
    if (g && rt_diags_errors(d) != errors_before) {
        rt_gpu_free(g);
        g = NULL;
    }
    return g;
}

void rt_gpu_free(rt_gpu *g)
{
    if (!g)
        return;
    free(g->placement_sms);
    for (size_t i = 0; i < g->n_engines; i++)
        free(g->engines[i].name);
    free(g->engines);
    free(g->cpu_name);
    free(g->name);
    free(g->path);
    free(g);
}
