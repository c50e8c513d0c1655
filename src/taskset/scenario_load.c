/* scenario_load: read <scenario name> elements holding <submit kernel at> (docs/concurrency.md
 * sec. 8): which kernels are submitted to the whole GPU, and when. The placement model reads
 * them in the order of at, then file order. Every problem is recorded with its line. */
#include "taskset/scenario_load.h"

#include <stdlib.h>
#include <string.h>

#include "taskset/xmlattr.h"
#include "taskset/xmlsafe.h"
#include "util/analyzer.h"
#include "util/textesc.h"

/* submits belong to the task set (rt_taskset_free); gcc 12's analyzer reads an array
 * stored into a heap record as a leak */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
/* One <submit>: its kernel (named, with a <launch>, not yet in this scenario) and at. */
static void read_submit(const xmlattr_at *sat, xmlNodePtr n, rt_taskset *ts, rt_scenario *sc)
{
    xmlattr_at at;
    xmlattr_at_child(&at, sat, n, "submit");
    bool failed = false;
    char *kname = xmlattr_dup(&at, "kernel", &failed);
    char q[100];
    long k = kname ? rt_taskset_find_kernel(ts, kname) : -1;
    int64_t at_ns = 0;
    int at_rc = xmlattr_get_duration_ns(&at, "at", 0, &at_ns);
    if (at_rc == 0)
        xmlattr_error(&at, "has no at (expected a submission time, e.g. at=\"0us\")");
    if (!kname) {
        if (!failed)
            xmlattr_error(&at, "has no kernel");
        return;
    }
    if (k < 0) {
        char h[140];
        xmlattr_error(&at, "kernel \"%s\" does not name a kernel%s",
                      rt_textesc_quote(kname, q, sizeof q),
                      rt_taskset_hint_kernel(ts, kname, h, sizeof h));
    } else if (!ts->kernels[k].has_launch) {
        xmlattr_error(&at, "kernel \"%s\" has no <launch> (the placement model needs its grid "
                      "and block)", rt_textesc_quote(kname, q, sizeof q));
    } else {
        for (size_t i = 0; i < sc->n_submits; i++)
            if (sc->submits[i].kernel == (size_t)k) {
                xmlattr_error(&at, "kernel \"%s\" is submitted twice (first at line %ld; submit "
                              "each kernel once per scenario)", rt_textesc_quote(kname, q, sizeof q),
                              sc->submits[i].line);
                k = -1;
                break;
            }
        if (k >= 0 && at_rc == 1)
            sc->submits[sc->n_submits++] = (rt_submit){ (size_t)k, at_ns, at.line };
    }
    free(kname);
}

static void read_scenario(const char *path, rt_diags *d, xmlNodePtr n, rt_taskset *ts,
                          rt_scenario *sc)
{
    xmlattr_at at;
    xmlattr_at_init(&at, path, d, n, "scenario");
    sc->line = at.line;
    xmlattr_get_name(&at, &sc->name);
    for (rt_scenario *o = ts->scenarios; o < sc; o++)
        if (sc->name && o->name && strcmp(o->name, sc->name) == 0) {
            char q[100];
            rt_diag_error(d, path, at.line, "scenario \"%s\" is defined twice (first at line "
                          "%ld)", rt_textesc_quote(sc->name, q, sizeof q), o->line);
            break;
        }
    size_t ns = xmlsafe_count(n, "submit");
    if (!(sc->submits = calloc(ns ? ns : 1, sizeof *sc->submits))) {
        rt_diag_error(d, path, 0, "out of memory");
        return;
    }
    for (xmlNodePtr c = n->children; c; c = c->next)
        if (xmlsafe_is(c, "submit"))
            read_submit(&at, c, ts, sc);
}
RT_ANALYZER_ON

void scenario_load_read_all(const char *path, rt_diags *d, xmlNodePtr root, rt_taskset *ts)
{
    if (!(ts->scenarios = xmlsafe_alloc_children(root, "scenario", sizeof *ts->scenarios, path, d)))
        return;
    for (xmlNodePtr c = root->children; c; c = c->next)
        if (xmlsafe_is(c, "scenario"))
            read_scenario(path, d, c, ts, &ts->scenarios[ts->n_scenarios++]);
}
