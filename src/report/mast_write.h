/* mast_write: an analysed whole system as a MAST 1.7 text model (--emit-mast, docs/system.md
 * sec. 6), for `mast_analysis holistic`. Formats what analysis/system.c built and
 * analysis/sysdeploy.c ranked; checks nothing. */
#ifndef RT_MAST_WRITE_H
#define RT_MAST_WRITE_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/eval.h"
#include "analysis/deploy.h"
#include "analysis/holistic.h"
#include "analysis/layout.h"
#include "analysis/system.h"
#include "report/deploy_write.h"

/* The model of sys alone, after a header of the caller's: the resources that serve a step (a
 * core's identifier is its position among the cores), one operation and one scheduling server per
 * step with its MAST priority prio[k] (rt_sysdeploy_mast_priorities, 1 .. n_levels), one regular
 * transaction per task; every time in ns. task_names[i], res_names[r]: the objects' names for
 * the comments and identifiers; notes[i] (NULL, or NULL entries: none) a comment line above
 * task i's transaction. 0, or -1 on a write error. */
int mast_write_model(const hol_system *sys, const int *prio, size_t n_levels,
                     const char *const *task_names, const char *const *res_names,
                     const char *const *notes, FILE *out);
/* The whole --emit-mast file of s (built on layout l): provenance (d, info), how the model reads,
 * then mast_write_model with e's end-to-end R_i beside each transaction. 0, -1 on a write error,
 * -2 out of memory. */
int mast_write(const rt_system *s, const int *prio, size_t n_levels, const rt_layout *l,
               const rt_eval *e, const rt_deploy *d, const rt_deploy_info *info, FILE *out);

#endif
