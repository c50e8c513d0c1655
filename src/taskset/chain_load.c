/* chain_load: read <chain name max-reaction max-age communication> elements holding <task-ref
 * name> (docs/chains.md sec. 1): which tasks pass data to each other, from the cause to the
 * effect, and what the chain must meet. Every problem is recorded with its line. */
#include "taskset/chain_load.h"

#include <stdlib.h>
#include <string.h>

#include "taskset/xmlattr.h"
#include "taskset/xmlsafe.h"
#include "util/analyzer.h"
#include "util/fmt.h"
#include "util/suggest.h"
#include "util/textesc.h"

/* One <task-ref>: a task of ts, not yet in this chain; appended to ch. */
static void read_ref(const xmlattr_at *cat, xmlNodePtr n, const rt_taskset *ts, rt_chain *ch)
{
    xmlattr_at at;
    xmlattr_at_child(&at, cat, n, "task-ref");
    bool failed = false;
    char *tname = xmlattr_dup(&at, "name", &failed);
    char q[100];
    if (!tname) {
        if (!failed)
            xmlattr_error(&at, "has no name");
        return;
    }
    long t = rt_taskset_find_task(ts, tname);
    if (t < 0) {
        char h[140];
        xmlattr_error(&at, "\"%s\" does not name a task%s", rt_textesc_quote(tname, q, sizeof q),
                      rt_taskset_hint_task(ts, tname, h, sizeof h));
        free(tname);
        return;
    }
    for (size_t i = 0; i < ch->n_tasks; i++)
        if (ch->tasks[i] == (size_t)t) {
            rt_diag_error(at.d, at.path, at.line, "%s: task \"%s\" is listed twice (first at "
                          "line %ld; a chain passes through each task once)", cat->obj,
                          rt_textesc_quote(tname, q, sizeof q), ch->task_lines[i]);
            free(tname);
            return;
        }
    ch->tasks[ch->n_tasks] = (size_t)t;
    ch->task_lines[ch->n_tasks++] = at.line;
    free(tname);
}

/* Under LET a job writes at its release + D, before the next release: D <= T for every task. */
static void check_let(const char *path, rt_diags *d, const rt_taskset *ts, const rt_chain *ch)
{
    char q1[100], q2[100];
    for (size_t i = 0; i < ch->n_tasks; i++) {
        const rt_task *t = &ts->tasks[ch->tasks[i]];
        if (t->deadline_ns > t->period_ns && t->period_ns > 0)
            rt_diag_error(d, path, ch->task_lines[i], "chain \"%s\": communication \"let\" needs "
                          "every task's deadline at most its period, but task \"%s\" has deadline "
                          "%s > period %s (a job's output is written at its release + D, before "
                          "its next release)", rt_textesc_quote(ch->name, q1, sizeof q1),
                          rt_textesc_quote(t->name ? t->name : "", q2, sizeof q2),
                          fmt_dur_of(t->deadline_ns).s, fmt_dur_of(t->period_ns).s);
    }
}

/* tasks and task_lines belong to the task set (rt_taskset_free); gcc 12's analyzer reads an
 * array stored into a heap record as a leak */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static void read_chain(const char *path, rt_diags *d, xmlNodePtr n, rt_taskset *ts,
                       rt_chain *ch)
{
    xmlattr_at at;
    xmlattr_at_init(&at, path, d, n, "chain");
    ch->line = at.line;
    xmlattr_get_name(&at, &ch->name);
    if (!ch->name)
        return;   /* the schema requires it; an invalid one is reported */
    char q[100];
    for (rt_chain *o = ts->chains; o < ch; o++)
        if (o->name && strcmp(o->name, ch->name) == 0) {
            rt_diag_error(d, path, at.line, "chain \"%s\" is defined twice (first at line %ld)",
                          rt_textesc_quote(ch->name, q, sizeof q), o->line);
            break;
        }
    ch->has_max_reaction =
        xmlattr_get_duration_ns(&at, "max-reaction", 1, &ch->max_reaction_ns) == 1;
    ch->has_max_age = xmlattr_get_duration_ns(&at, "max-age", 1, &ch->max_age_ns) == 1;
    if (!xmlattr_has(&at, "max-reaction") && !xmlattr_has(&at, "max-age"))
        xmlattr_error(&at, "gives neither max-reaction nor max-age (give at least one "
                      "requirement, e.g. max-reaction=\"150ms\")");
    bool failed = false;
    char *comm = xmlattr_dup(&at, "communication", &failed);
    bool let = false;
    if (comm && strcmp(comm, "let") == 0)
        let = true;
    else if (comm && strcmp(comm, "implicit") != 0) {
        char h[100];
        xmlattr_error(&at, "communication \"%s\" is not known (expected \"implicit\" or "
                      "\"let\")%s", rt_textesc_quote(comm, q, sizeof q),
                      rt_suggest_among(comm, (const char *const[]){ "implicit", "let", NULL }, h,
                                       sizeof h));
    }
    free(comm);
    ch->communication = let ? RT_COMM_LET : RT_COMM_IMPLICIT;
    size_t nr = xmlsafe_count(n, "task-ref");
    if (!(ch->tasks = calloc(nr ? nr : 1, sizeof *ch->tasks)) ||
        !(ch->task_lines = calloc(nr ? nr : 1, sizeof *ch->task_lines))) {
        rt_diag_error(d, path, 0, "out of memory");
        return;
    }
    size_t errors = rt_diag_errors(d);
    for (xmlNodePtr c = n->children; c; c = c->next)
        if (xmlsafe_is(c, "task-ref"))
            read_ref(&at, c, ts, ch);
    if (nr < 2)
        xmlattr_error(&at, "has %zu task-ref (a chain needs at least two tasks: the one that "
                      "reads the cause and the one that produces the effect)", nr);
    if (let && rt_diag_errors(d) == errors)
        check_let(path, d, ts, ch);
}
RT_ANALYZER_ON

void chain_load_read_all(const char *path, rt_diags *d, xmlNodePtr root, rt_taskset *ts)
{
    if (!(ts->chains = xmlsafe_alloc_children(root, "chain", sizeof *ts->chains, path, d)))
        return;
    for (xmlNodePtr c = root->children; c; c = c->next)
        if (xmlsafe_is(c, "chain"))
            read_chain(path, d, c, ts, &ts->chains[ts->n_chains++]);
}
