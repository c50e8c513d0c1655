/* kernel_load: one <kernel> element of a task-set file (docs/formats.md sec. 5): its Ck(N) as
 * time or cycles, bandwidth, KAI or instructions with L2 accesses, <launch> and <measured>
 * points, each problem recorded with its line. */
#include "taskset/kernel_load.h"

#include <stdlib.h>

#include "taskset/xmlattr.h"
#include "taskset/xmlsafe.h"
#include "util/sort.h"

/* n zeroed records of size bytes, or NULL after an "out of memory" error in at's file. */
static void *alloc_array(const xmlattr_at *at, size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        rt_diag_error(at->d, at->path, 0, "out of memory");
    return p;
}

static void read_launch(const xmlattr_at *kat, xmlNodePtr n, rt_kernel *k)
{
    xmlattr_at at;
    xmlattr_at_child(&at, kat, n, "launch");
    rt_launch_cfg *l = &k->launch;
    l->registers = -1;
    l->shared_memory = -1;
    l->block_time_ns = -1;
    l->line = at.line;
    int ok = xmlattr_get_dims(&at, "grid", l->grid) == 1;
    ok &= xmlattr_get_dims(&at, "block", l->block) == 1;
    ok &= xmlattr_get_int(&at, "registers", 0, &l->registers) >= 0;
    ok &= xmlattr_get_int(&at, "shared-memory", 0, &l->shared_memory) >= 0;
    ok &= xmlattr_get_duration_ns(&at, "block-time", 1, &l->block_time_ns) >= 0;
    k->has_launch = ok;
}

static void read_measured(const xmlattr_at *kat, xmlNodePtr n, rt_measured *m)
{
    xmlattr_at at;
    xmlattr_at_child(&at, kat, n, "measured");
    m->line = at.line;
    xmlattr_get_int(&at, "sms", 1, &m->sms);
    m->has_cycles = xmlattr_get_real(&at, "cycles", XMLATTR_POSITIVE, &m->cycles) == 1;
    m->has_bw = xmlattr_get_real(&at, "bw-gbps", XMLATTR_NONNEG, &m->bw_gbps) == 1;
    if (!xmlattr_has(&at, "cycles") && !xmlattr_has(&at, "bw-gbps"))
        xmlattr_error(&at, "gives neither cycles nor bw-gbps (expected at least one)");
}

static int measured_cmp(const void *a, const void *b)
{
    const rt_measured *x = *(const rt_measured *const *)a, *y = *(const rt_measured *const *)b;
    int c = sort_cmp_i64(x->sms, y->sms);
    return c ? c : sort_cmp_long(x->line, y->line);
}

/* At most one measured point per partition size. */
static void check_measured_unique(const xmlattr_at *kat, rt_kernel *k)
{
    if (k->n_measured < 2)
        return;
    const rt_measured **v = alloc_array(kat, k->n_measured, sizeof *v);
    if (!v)
        return;
    for (size_t i = 0; i < k->n_measured; i++)
        v[i] = &k->measured[i];
    qsort(v, k->n_measured, sizeof *v, measured_cmp);
    for (size_t i = 1; i < k->n_measured; i++)
        if (v[i]->sms == v[i - 1]->sms && v[i]->sms > 0)
            rt_diag_error(kat->d, kat->path, v[i]->line, "%s: measured sms \"%lld\" is given twice "
                          "(first at line %ld)", kat->obj, (long long)v[i]->sms, v[i - 1]->line);
    free(v);
}

/* Exactly one of time / cycles; kai, or instructions with l2-accesses. */
static void check_kernel_choices(const xmlattr_at *at)
{
    bool time = xmlattr_has(at, "time"), cycles = xmlattr_has(at, "cycles");
    bool kai = xmlattr_has(at, "kai"), instr = xmlattr_has(at, "instructions");
    bool l2 = xmlattr_has(at, "l2-accesses");
    if (time && cycles)
        xmlattr_error(at, "has both time and cycles (give exactly one)");
    if (!time && !cycles)
        xmlattr_error(at, "has neither time nor cycles (give exactly one)");
    if (kai && instr)
        xmlattr_error(at, "has both kai and instructions (give kai, or instructions with "
                      "l2-accesses)");
    if (!kai && !instr)
        xmlattr_error(at, "has neither kai nor instructions (give kai, or instructions with "
                      "l2-accesses)");
    if (instr && !l2)
        xmlattr_error(at, "instructions needs l2-accesses (KAI = instructions / l2-accesses / "
                      "1000)");
}

void kernel_load(const char *path, rt_diags *d, xmlNodePtr n, rt_kernel *k)
{
    xmlattr_at at;
    xmlattr_at_init(&at, path, d, n, "kernel");
    k->line = at.line;
    xmlattr_get_name(&at, &k->name);
    check_kernel_choices(&at);
    k->has_time = xmlattr_get_duration_real_ns(&at, "time", XMLATTR_POSITIVE, &k->time_ns) == 1;
    k->has_cycles = xmlattr_get_real(&at, "cycles", XMLATTR_POSITIVE, &k->cycles) == 1;
    if (xmlattr_get_real(&at, "bw-gbps", XMLATTR_NONNEG, &k->bw_gbps) == 0)
        xmlattr_error(&at, "has no bw-gbps");
    k->has_kai = xmlattr_get_real(&at, "kai", XMLATTR_NONNEG, &k->kai) == 1;
    k->has_instructions =
        xmlattr_get_real(&at, "instructions", XMLATTR_POSITIVE, &k->instructions) == 1;
    k->has_l2_accesses =
        xmlattr_get_real(&at, "l2-accesses", XMLATTR_POSITIVE, &k->l2_accesses) == 1;

    size_t nm = xmlsafe_count(n, "measured");
    if (nm && !(k->measured = alloc_array(&at, nm, sizeof *k->measured)))
        return;
    for (xmlNodePtr c = n->children; c; c = c->next) {
        if (xmlsafe_is(c, "launch"))
            read_launch(&at, c, k);
        else if (xmlsafe_is(c, "measured"))
            read_measured(&at, c, &k->measured[k->n_measured++]);
    }
    check_measured_unique(&at, k);
}
