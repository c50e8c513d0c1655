/* spec_load: read a sweep file (schemas/explore.xsd) and the inputs it names, check every value
 * (a dimension's values: spec_dim.c), and number the points. */
#include "explore/spec_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explore/spec_dim.h"
#include "taskset/docname.h"
#include "taskset/gpu_load.h"
#include "taskset/taskset_load.h"
#include "taskset/units.h"
#include "taskset/xmlattr.h"
#include "taskset/xmlsafe.h"
#include "util/suggest.h"
#include "util/analyzer.h"
#include "util/textesc.h"

/* ---- loading ---- */

typedef struct loader {
    const char *path;
    rt_diags *d;
    xp_spec *s;
    char *dir;          /* the sweep file's directory, with a trailing '/' or empty */
    bool oom;
    bool base_ts_named; /* <base taskset="..."> was given (loaded, or its errors recorded) */
} loader;

static void *grow(loader *ld, void *p, size_t n, size_t size)
{
    void *q = realloc(p, (n ? n : 1) * size);
    if (!q)
        ld->oom = true;
    return q;
}

/* path relative to the sweep file's directory (absolute paths as they are). Caller frees. */
static char *rel_path(loader *ld, const char *v)
{
    size_t a = v[0] == '/' ? 0 : strlen(ld->dir), b = strlen(v);
    char *p = malloc(a + b + 1);
    if (!p) {
        ld->oom = true;
        return NULL;
    }
    memcpy(p, ld->dir, a);
    memcpy(p + a, v, b + 1);
    return p;
}

static rt_gpu *load_gpu(loader *ld, const char *v)
{
    char *p = rel_path(ld, v);
    rt_gpu *g = p ? rt_gpu_load(p, ld->d) : NULL;
    free(p);
    return g;
}

/* Append a GPU; its index, or -1. */
static long add_gpu(loader *ld, rt_gpu *g)
{
    xp_spec *s = ld->s;
    rt_gpu **ng = grow(ld, s->gpus, s->n_gpus + 1, sizeof *ng);
    if (!ng) {
        rt_gpu_free(g);
        return -1;
    }
    s->gpus = ng;
    s->gpus[s->n_gpus] = g;
    return (long)s->n_gpus++;
}

/* A base task set with CPU or copy steps (docs/system.md sec. 5): an error at its first one. */
static void refuse_system(const rt_taskset *ts, rt_diags *d)
{
    const rt_task *t = NULL;
    const rt_step *s = ts ? rt_taskset_first_system_step(ts, &t) : NULL;
    if (s)
        rt_diag_error(d, ts->path, s->line, "task \"%s\" has a %s step, which makes the task set "
                      "a whole system (docs/system.md): rtgpu-explore does not explore whole "
                      "systems yet (sweep a task set of the GPU steps alone)", t->name,
                      rt_taskset_step_kind_name(s->kind));
}

/* gcc 12 -fanalyzer reports a false leak (the GPU is stored by add_gpu, or freed by it on
 * failure) and a false double free (gpu is the attribute string, freed once; add_gpu frees
 * the loaded GPU, another object). */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
RT_ANALYZER_OFF("-Wanalyzer-double-free")
static void read_base(loader *ld, xmlNodePtr n, bool *has_ts, bool *has_gpu)
{
    xmlattr_at at;
    xmlattr_at_init(&at, ld->path, ld->d, n, "base");
    bool failed = false;
    char *ts = xmlattr_dup(&at, "taskset", &failed), *gpu = xmlattr_dup(&at, "gpu", &failed);
    *has_ts = ts != NULL;
    ld->base_ts_named = ts != NULL;
    *has_gpu = gpu != NULL;
    if (ts) {
        char *p = rel_path(ld, ts);
        ld->s->ts = p ? rt_taskset_load(p, ld->d) : NULL;
        free(p);
        refuse_system(ld->s->ts, ld->d);
    }
    if (gpu) {
        rt_gpu *g = load_gpu(ld, gpu);
        if (g && add_gpu(ld, g) >= 0)
            ld->s->base_gpu = 0;
    }
    free(ts);
    free(gpu);
}
RT_ANALYZER_ON
RT_ANALYZER_ON

/* A whole-number attribute from lo to hi; 1 read, 0 absent, -1 error recorded. */
static int get_count(xmlattr_at *at, const char *attr, int64_t lo, int64_t hi, int64_t *out)
{
    int64_t v = 0;
    int rc = xmlattr_get_int(at, attr, lo, &v);
    if (rc == 1 && v > hi) {
        xmlattr_error(at, "%s \"%lld\" is too large (at most %lld)", attr, (long long)v,
                      (long long)hi);
        return -1;
    }
    if (rc == 1)
        *out = v;
    return rc;
}

/* The values="..." list: words or numbers separated by white space; a gpu's are files. */
static bool read_values(loader *ld, xmlattr_at *at, const char *list, xp_dim *dim)
{
    char *copy = strdup(list), *save = NULL;
    bool ok = copy != NULL;
    ld->oom |= !copy;
    for (char *t = copy ? strtok_r(copy, " \t\r\n", &save) : NULL; t && ok;
         t = strtok_r(NULL, " \t\r\n", &save)) {
        xp_value v;
        if (dim->param == XP_GPU) {
            memset(&v, 0, sizeof v);
            v.is_word = true;
            v.text = strdup(t);
            rt_gpu *g = v.text ? load_gpu(ld, t) : NULL;
            long gi = g ? add_gpu(ld, g) : -1;
            v.num = gi;
            ok = gi >= 0;
        } else {
            ok = spec_dim_value(at, dim->param, t, &v, &ld->oom);
        }
        if (ok)
            ok = spec_dim_push(at, dim, &v, &ld->oom);
        if (!ok)
            xp_spec_value_fini(&v);
    }
    free(copy);
    if (ok)
        ok = spec_dim_unique(at, dim, &ld->oom);
    if (ok && dim->n == 0) {
        xmlattr_error(at, "values is empty (expected at least one value)");
        ok = false;
    }
    return ok;
}

static xp_dim *new_dim(loader *ld, xp_param p, long line)
{
    xp_spec *s = ld->s;
    xp_dim *nd = grow(ld, s->dims, s->n_dims + 1, sizeof *nd);
    if (!nd)
        return NULL;
    s->dims = nd;
    xp_dim *dim = &s->dims[s->n_dims++];
    memset(dim, 0, sizeof *dim);
    dim->param = p;
    dim->line = line;
    return dim;
}

/* gcc 12 -fanalyzer reports a false leak here (since the dimension readers moved to
 * spec_dim.c): the dimension array is stored in the spec (s->dims) and freed by xp_spec_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static void read_vary(loader *ld, xmlNodePtr n)
{
    xmlattr_at at;
    xmlattr_at_init(&at, ld->path, ld->d, n, "vary");
    bool failed = false;
    char *param = xmlattr_dup(&at, "param", &failed);
    char *values = xmlattr_dup(&at, "values", &failed);
    char *from = xmlattr_dup(&at, "from", &failed), *to = xmlattr_dup(&at, "to", &failed);
    char *step = xmlattr_dup(&at, "step", &failed);
    char q[100];
    if (!param)
        goto done;
    long pi = -1;
    for (int i = 0; i < XP_N_VARY_PARAMS; i++)
        if (strcmp(param, xp_spec_param_name((xp_param)i)) == 0)
            pi = i;
    if (pi < 0) {
        char list[300] = "";
        for (int i = 0; i < XP_N_VARY_PARAMS; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                     xp_spec_param_name((xp_param)i));
        rt_suggest sg;
        rt_suggest_init(&sg, param);
        for (int i = 0; i < XP_N_VARY_PARAMS; i++)
            rt_suggest_add(&sg, xp_spec_param_name((xp_param)i));
        char h[80];
        xmlattr_error(&at, "param \"%s\" is not a parameter (expected one of %s)%s",
                      rt_textesc_quote(param, q, sizeof q), list, rt_suggest_hint(&sg, h, sizeof h));
        goto done;
    }
    snprintf(at.obj, sizeof at.obj, "vary \"%s\"", rt_textesc_quote(param, q, sizeof q));
    xp_param p = (xp_param)pi;
    if (ld->s->has_generate && (p == XP_PARTITION_SMS || p == XP_KERNEL_SCALE)) {
        xmlattr_error(&at, "cannot vary with <generate> (a generated task set has no named "
                      "%ss)", p == XP_PARTITION_SMS ? "partition" : "kernel");
        goto done;
    }
    bool range = from || to || step;
    if ((values != NULL) == range || (range && (!from || !to))) {
        xmlattr_error(&at, "needs either values=\"...\" or from=\"...\" to=\"...\" "
                      "(with an optional step=\"...\")");
        goto done;
    }
    if (range && (spec_dim_takes_words(p) || p == XP_GPU)) {
        xmlattr_error(&at, "takes values=\"...\" (its values are %s, not numbers)",
                      p == XP_GPU ? "files" : "words");
        goto done;
    }
    xp_dim *dim = new_dim(ld, p, at.line);
    if (!dim || !spec_dim_target(&at, dim, ld->s->ts, ld->base_ts_named, &ld->oom))
        goto done;
    for (size_t i = 0; i + 1 < ld->s->n_dims; i++)
        /* an earlier <vary> whose target was in error has no key */
        if (ld->s->dims[i].key && strcmp(ld->s->dims[i].key, dim->key) == 0) {
            const char *target = strchr(dim->key, ':');   /* the message names the param as written */
            xmlattr_error(&at, "%s%s is already varied at line %ld", xp_spec_param_name(p),
                          target ? target : "", ld->s->dims[i].line);
            goto done;
        }
    if (range)
        spec_dim_range(&at, from, to, step, dim, &ld->oom);
    else
        read_values(ld, &at, values, dim);
done:
    free(param);
    free(values);
    free(from);
    free(to);
    free(step);
}
RT_ANALYZER_ON

/* One option attribute of <options>: a word or a number, through the <vary> readers. */
static void read_option(loader *ld, xmlattr_at *at, const char *attr, xp_param p)
{
    bool failed = false;
    char *t = xmlattr_dup(at, attr, &failed);
    xp_value v;
    if (!t)
        return;
    if (spec_dim_value(at, p, t, &v, &ld->oom)) {
        rt_options *o = &ld->s->opt;
        switch (p) {
        case XP_MARGIN: o->margin = v.real; break;
        case XP_NAIVE_FACTOR: o->naive_factor = v.real; break;
        case XP_INTERFERENCE: o->interference = (rt_interference_mode)v.num; break;
        case XP_WINDOWS: o->windows = (rt_windows_mode)v.num; break;
        case XP_PRIORITIES: o->priorities = (rt_prio_mode)v.num; break;
        default: o->assign = (rt_assign_mode)v.num; break;
        }
    }
    xp_spec_value_fini(&v);
    free(t);
}

static void read_options(loader *ld, xmlNodePtr n)
{
    xmlattr_at at;
    xmlattr_at_init(&at, ld->path, ld->d, n, "options");
    static const struct { const char *attr; xp_param p; } opts[] = {
        { "margin", XP_MARGIN }, { "interference", XP_INTERFERENCE },
        { "naive-factor", XP_NAIVE_FACTOR }, { "windows", XP_WINDOWS },
        { "priorities", XP_PRIORITIES }, { "assign", XP_ASSIGN },
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        read_option(ld, &at, opts[i].attr, opts[i].p);
    rt_options *o = &ld->s->opt;
    int64_t cap = 0, iters = 0;
    if (get_count(&at, "combination-cap", 1, (int64_t)1 << 62, &cap) == 1)
        o->combination_cap = (uint64_t)cap;
    if (get_count(&at, "max-iterations", 1, 1000000000, &iters) == 1)
        o->max_iterations = (long)iters;
    bool failed = false;
    char *t = xmlattr_dup(&at, "time-limit", &failed);
    if (t) {
        int64_t mant;
        int digits;
        char q[100];
        if (units_parse_decimal(t, &mant, &digits) != UNITS_OK ||
            units_decimal_value(mant, digits) > 1e7)
            xmlattr_error(&at, "time-limit \"%s\" is not a number of seconds from 0 (no limit) "
                          "to 10000000", rt_textesc_quote(t, q, sizeof q));
        else
            o->time_limit_s = units_decimal_value(mant, digits);
        free(t);
    }
}

/* "A:B:S" (or one value "A") of decimals: the utilization dimension. */
static void read_utilization(loader *ld, xmlattr_at *at, const char *u, xp_dim *dim)
{
    char *copy = strdup(u);
    if (!copy) {
        ld->oom = true;
        return;
    }
    char *c1 = strchr(copy, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c1) {
        xp_value v;
        if (spec_dim_value(at, XP_UTILIZATION, copy, &v, &ld->oom) &&
            !spec_dim_push(at, dim, &v, &ld->oom))
            xp_spec_value_fini(&v);
    } else if (!c2 || strchr(c2 + 1, ':')) {
        char q[100];
        xmlattr_error(at, "utilization \"%s\" is not FROM:TO:STEP (e.g. 0.1:1.0:0.05) or one "
                      "value", rt_textesc_quote(u, q, sizeof q));
    } else {
        *c1 = *c2 = '\0';
        spec_dim_range(at, copy, c1 + 1, c2 + 1, dim, &ld->oom);
    }
    free(copy);
}

/* periods="MIN:MAX", two whole-ns durations. */
static void read_periods(xmlattr_at *at, const char *t, xp_generate *g)
{
    char buf[100];
    char q[100];
    const char *c = strchr(t, ':');
    size_t n = c ? (size_t)(c - t) : 0;
    int64_t lo = 0, hi = 0;
    if (c && n < sizeof buf) {
        memcpy(buf, t, n);
        buf[n] = '\0';
    }
    if (!c || n >= sizeof buf || units_parse_duration_ns(buf, &lo) != UNITS_OK ||
        units_parse_duration_ns(c + 1, &hi) != UNITS_OK || lo < 1 || hi < lo ||
        hi > (int64_t)1 << 52) {
        xmlattr_error(at, "periods \"%s\" is not MIN:MAX, two whole-ns durations with "
                      "0 < MIN <= MAX (e.g. 10ms:1000ms)", rt_textesc_quote(t, q, sizeof q));
        return;
    }
    g->period_min_ns = lo;
    g->period_max_ns = hi;
}

/* gcc 12 -fanalyzer reports a false leak here, as in read_vary: the dimensions and their keys
 * are stored in the spec (s->dims) and freed by xp_spec_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static void read_generate(loader *ld, xmlNodePtr n)
{
    xp_generate *g = &ld->s->gen;
    xmlattr_at at;
    xmlattr_at_init(&at, ld->path, ld->d, n, "generate");
    g->partitions = 1;
    g->launches = 1;
    g->seed = 1;
    g->period_min_ns = 10000000;       /* 10 ms .. 1 s: Emberson, Stafford, Davis, WATERS 2010 */
    g->period_max_ns = 1000000000;
    get_count(&at, "sets", 1, 1000000000, &g->sets);
    get_count(&at, "tasks", 1, 1000, &g->tasks);
    get_count(&at, "partitions", 1, 1024, &g->partitions);
    get_count(&at, "launches", 1, 16, &g->launches);
    int64_t seed = 0;
    if (xmlattr_get_int(&at, "seed", 0, &seed) == 1)
        g->seed = (uint64_t)seed;
    bool failed = false;
    char *per = xmlattr_dup(&at, "periods", &failed);
    if (per)
        read_periods(&at, per, g);
    free(per);
    char *u = xmlattr_dup(&at, "utilization", &failed);
    xp_dim *ud = new_dim(ld, XP_UTILIZATION, at.line);
    if (ud && (ud->key = strdup("utilization")) != NULL && u)
        read_utilization(ld, &at, u, ud);
    free(u);
    xp_dim *sd = new_dim(ld, XP_SET, at.line);
    if (sd && (sd->key = strdup("set")) != NULL) {
        /* values 0 .. sets-1; their texts are made when the points are printed */
        sd->n = g->sets > 0 ? (size_t)g->sets : 1;
    }
    char *k = xmlattr_dup(&at, "kernels", &failed);
    if (k) {
        char *p = rel_path(ld, k);
        g->pool = p ? rt_taskset_load(p, ld->d) : NULL;
        free(p);
    }
    free(k);
}
RT_ANALYZER_ON

/* Each pool kernel's Ck(N) in ns on the base GPU (or the first GPU named). */
static void pool_times(loader *ld)
{
    xp_generate *g = &ld->s->gen;
    if (!g->pool || ld->s->n_gpus == 0)
        return;
    g->pool_gpu = ld->s->base_gpu;
    g->pool_ns = grow(ld, NULL, g->pool->n_kernels, sizeof *g->pool_ns);
    if (!g->pool_ns)
        return;
    const rt_gpu *gpu = ld->s->gpus[g->pool_gpu];
    for (size_t i = 0; i < g->pool->n_kernels; i++) {
        const rt_kernel *k = &g->pool->kernels[i];
        g->pool_ns[i] = k->has_time ? k->time_ns : k->cycles * 1000.0 / gpu->clock_mhz;
    }
}

static void count_points(loader *ld, xmlattr_at *root)
{
    xp_spec *s = ld->s;
    uint64_t n = 1;
    for (size_t i = 0; i < s->n_dims; i++) {
        if (s->dims[i].n == 0)
            return;   /* an error was recorded for it */
        if (__builtin_mul_overflow(n, (uint64_t)s->dims[i].n, &n) || n > XP_MAX_POINTS) {
            xmlattr_error(root, "the sweep has more than %llu points (split it into several "
                          "sweep files)", (unsigned long long)XP_MAX_POINTS);
            return;
        }
    }
    s->n_points = n;
}

static void read_spec(loader *ld, xmlNodePtr root)
{
    xp_spec *s = ld->s;
    xmlattr_at at;
    xmlattr_at_init(&at, ld->path, ld->d, root, "explore");
    if (!docname_read(&at, ld->path, &s->name))
        ld->oom = true;
    bool has_ts = false, has_gpu = false;
    xmlNodePtr base = NULL, gen = NULL;
    for (xmlNodePtr c = root->children; c; c = c->next) {
        if (xmlsafe_is(c, "base"))
            read_base(ld, base = c, &has_ts, &has_gpu);
        else if (xmlsafe_is(c, "generate"))
            gen = c;
    }
    s->has_generate = gen != NULL;
    if (gen)
        read_generate(ld, gen);
    for (xmlNodePtr c = root->children; c; c = c->next) {
        if (xmlsafe_is(c, "options"))
            read_options(ld, c);
        else if (xmlsafe_is(c, "vary"))
            read_vary(ld, c);
    }
    xmlattr_at bat;
    xmlattr_at_init(&bat, ld->path, ld->d, base, "base");
    if (has_ts && gen)
        xmlattr_error(&bat, "taskset=\"...\" and <generate> exclude each other (the points' "
                      "task sets are either the base one or generated)");
    if (!has_ts && !gen)
        xmlattr_error(&bat, "needs taskset=\"...\" (or a <generate> element after it)");
    bool gpu_varied = xp_spec_dim(s, XP_GPU) != NULL;
    if (!has_gpu && !gpu_varied)
        xmlattr_error(&bat, "needs gpu=\"...\" (or a <vary param=\"gpu\">)");
    const xp_dim *gd = xp_spec_dim(s, XP_GPU);
    if (!has_gpu && gd && gd->n > 0 && gd->v[0].num >= 0)
        s->base_gpu = (size_t)gd->v[0].num;
    const xp_dim *ud = xp_spec_dim(s, XP_UTILIZATION);
    for (size_t i = 0; gen && ud && i < ud->n; i++)
        if (s->gen.tasks > 0 && ud->v[i].real > (double)s->gen.tasks) {
            rt_diag_error(ld->d, ld->path, ud->line, "generate: utilization \"%s\" is above "
                          "the number of tasks %lld (each task's utilisation is at most 1)",
                          ud->v[i].text, (long long)s->gen.tasks);
            break;
        }
    if (gen)
        pool_times(ld);
    count_points(ld, &at);
}

xp_spec *xp_spec_load(const char *path, rt_diags *d)
{
    size_t errors_before = rt_diag_errors(d);
    loader ld = { .path = path, .d = d };
    xmlDocPtr doc = NULL;
    xp_spec *s = calloc(1, sizeof *s);
    const char *slash = strrchr(path, '/');
    size_t dl = slash ? (size_t)(slash - path + 1) : 0;
    ld.dir = malloc(dl + 1);
    if (!s || !ld.dir || !(s->path = strdup(path))) {
        rt_diag_error(d, path, 0, "out of memory");
        goto done;
    }
    memcpy(ld.dir, path, dl);
    ld.dir[dl] = '\0';
    ld.s = s;
    rt_options_default(&s->opt);
    s->opt.verbosity = -1;
    doc = xmlsafe_load(path, XMLSAFE_EXPLORE, d, s->sha256);
    if (!doc)
        goto done;
    read_spec(&ld, xmlDocGetRootElement(doc));
    if (ld.oom)
        rt_diag_error(d, path, 0, "out of memory");
    xp_spec_hash(s);
done:
    xmlFreeDoc(doc);
    free(ld.dir);
    if (s && rt_diag_errors(d) != errors_before) {
        xp_spec_free(s);
        s = NULL;
    }
    return s;
}
