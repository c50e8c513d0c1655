/* gpu_load: read a GPU description file into an rt_gpu record and check every value. */
#include "taskset/gpu.h"

#include <stdlib.h>
#include <string.h>

#include "taskset/xmlsafe.h"

/* Largest SM count accepted: far above any GPU made, small enough that per-size tables
 * (one row per allowed partition size) stay small. */
#define GPU_MAX_SMS 4096

/* The compute capabilities whose CUDA rules the tool knows (CONCURRENCY.md sec. 6). */
static void read_compute_capability(const xmlsafe_at *at, rt_gpu *g)
{
    static const struct { const char *text; int cc; } known[] = {
        {"7.5", 75}, {"8.6", 86}, {"8.7", 87}, {"9.0", 90},
    };
    bool failed = false;
    char *v = xmlsafe_dup(at, "compute-capability", &failed);
    if (!v)
        return;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(v, known[i].text) == 0)
            g->compute_capability = known[i].cc;
    if (!g->compute_capability) {
        char q[60];
        xmlsafe_error(at, "compute-capability \"%s\" is not one of 7.5, 8.6, 8.7, 9.0",
                      xmlsafe_quote(v, q, sizeof q));
    }
    free(v);
}

static void read_sm_limits(const xmlsafe_at *gat, xmlNodePtr n, rt_gpu *g)
{
    xmlsafe_at at;
    xmlsafe_at_child(&at, gat, n, "sm");
    read_compute_capability(&at, g);
    int ok = xmlsafe_get_int(&at, "threads", 1, &g->sm.threads) == 1;
    ok &= xmlsafe_get_int(&at, "blocks", 1, &g->sm.blocks) == 1;
    ok &= xmlsafe_get_int(&at, "warps", 1, &g->sm.warps) == 1;
    ok &= xmlsafe_get_int(&at, "registers", 1, &g->sm.registers) == 1;
    ok &= xmlsafe_get_int(&at, "shared-memory", 1, &g->sm.shared_memory) == 1;
    g->has_sm_limits = ok;
}

static void read_model(const xmlsafe_at *gat, xmlNodePtr n, rt_gpu *g)
{
    xmlsafe_at at;
    xmlsafe_at_child(&at, gat, n, "model");
    xmlsafe_get_real(&at, "alpha", XMLSAFE_POSITIVE, &g->alpha);
}

/* Required attribute: an error if absent (the schema normally reports it first). */
static void need(const xmlsafe_at *at, int rc, const char *attr)
{
    if (rc == 0)
        xmlsafe_error(at, "has no %s", attr);
}

static void read_counts(const xmlsafe_at *at, rt_gpu *g)
{
    int sms_ok = xmlsafe_get_int(at, "sms", 1, &g->sms);
    need(at, sms_ok, "sms");
    if (sms_ok == 1 && g->sms > GPU_MAX_SMS) {
        xmlsafe_error(at, "sms \"%lld\" is more than %d, the most this tool supports",
                      (long long)g->sms, GPU_MAX_SMS);
        sms_ok = -1;
    }
    need(at, xmlsafe_get_int(at, "l2-banks", 1, &g->l2_banks), "l2-banks");
    g->granularity = 1;
    if (xmlsafe_get_int(at, "partition-granularity", 1, &g->granularity) == 1 && sms_ok == 1 &&
        g->sms % g->granularity != 0)
        xmlsafe_error(at, "partition-granularity \"%lld\" does not divide sms \"%lld\" (partition "
                      "sizes are multiples of it)", (long long)g->granularity, (long long)g->sms);
}

static void read_rates(const xmlsafe_at *at, rt_gpu *g)
{
    need(at, xmlsafe_get_real(at, "clock-mhz", XMLSAFE_POSITIVE, &g->clock_mhz), "clock-mhz");
    int nom = xmlsafe_get_real(at, "bw-nominal-gbps", XMLSAFE_POSITIVE, &g->bw_nominal_gbps);
    need(at, nom, "bw-nominal-gbps");
    int eff = xmlsafe_get_real(at, "bw-effective-gbps", XMLSAFE_POSITIVE, &g->bw_effective_gbps);
    need(at, eff, "bw-effective-gbps");
    if (nom == 1 && eff == 1 && g->bw_effective_gbps > g->bw_nominal_gbps) {
        bool failed = false;
        char *e = xmlsafe_dup(at, "bw-effective-gbps", &failed);
        char *n = xmlsafe_dup(at, "bw-nominal-gbps", &failed);
        char qe[60], qn[60];
        xmlsafe_error(at, "bw-effective-gbps \"%s\" exceeds bw-nominal-gbps \"%s\" (the measured "
                      "saturation cannot exceed the nominal bandwidth)",
                      xmlsafe_quote(e ? e : "", qe, sizeof qe), xmlsafe_quote(n ? n : "", qn, sizeof qn));
        free(n);
        free(e);
    }
    xmlsafe_get_duration_ns(at, "launch-overhead", 0, &g->launch_overhead_ns);
}

static void read_gpu(const char *path, rt_diags *d, xmlNodePtr root, rt_gpu *g)
{
    xmlsafe_at at;
    xmlsafe_at_init(&at, path, d, root, "gpu");
    g->line = at.line;
    if (xmlsafe_has(&at, "name"))
        xmlsafe_get_name(&at, &g->name);
    else if (!(g->name = xmlsafe_default_name(path)))
        rt_diag_error(d, path, 0, "out of memory");
    read_counts(&at, g);
    read_rates(&at, g);
    g->alpha = 100.0; /* MODEL.md sec. 1 */
    for (xmlNodePtr c = root->children; c; c = c->next) {
        if (xmlsafe_is(c, "sm"))
            read_sm_limits(&at, c, g);
        else if (xmlsafe_is(c, "model"))
            read_model(&at, c, g);
    }
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
    free(g->name);
    free(g->path);
    free(g);
}
