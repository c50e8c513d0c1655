/* html_figures: section 6 of the evidence report (docs/evidence.md sec. 2), the figures: each
 * task's critical job and each kernel's isolated scaling. */
#include "report/html_figures.h"

#include <inttypes.h>

#include "report/fig_kernel.h"
#include "report/fig_scenario.h"
#include "report/html_sections.h"

void html_figures(xhtml *p, const rt_report *r)
{
    xhtml_section(p, "figures", "6. Figures", false);
    if (r->eval && r->sens && !r->sens->system) {
        xhtml_el(p, "h3", NULL, "Worst-case scenario of each task's critical job");
        for (size_t i = 0; i < r->ts->n_tasks; i++) {
            xhtml_open(p, "figure");
            if (r->sens->tasks[i].job.bounded) {
                xhtml_check(p, fig_scenario(p->tw, r, i));
                xhtml_elf(p, "figcaption", NULL, "%s: its critical job (q = %" PRId64 ") as the "
                          "response-time analysis accounts for it: the blocking job, then the "
                          "earlier jobs of %s and the higher-priority jobs (shown back to back in "
                          "priority order; any order gives the same finish), then the job itself.",
                          name_of(r, i), r->sens->tasks[i].job.q, name_of(r, i));
            } else {
                xhtml_elf(p, "figcaption", NULL, "%s: no scenario: its response time is unbounded.",
                          name_of(r, i));
            }
            xhtml_close(p);
            xhtml_nl(p);
        }
    }
    if (r->eval && r->eval->system)
        xhtml_el(p, "p", NULL, "A whole system: each flow is drawn on its timeline in section 4 "
                               "(no single critical-job scenario covers several resources).");
    xhtml_el(p, "h3", NULL, "Isolated scaling of each kernel");
    for (size_t k = 0; k < r->ts->n_kernels; k++) {
        xhtml_open(p, "figure");
        xhtml_check(p, fig_kernel_curves(p->tw, r, k));
        xhtml_elf(p, "figcaption", NULL, "%s: C(k,n) and BW(k,n) for every allowed partition "
                  "size n (docs/model.md sec. 2); black dots are measured points.",
                  r->ts->kernels[k].name);
        xhtml_close(p);
        xhtml_nl(p);
    }
    if (r->assign)
        xhtml_el(p, "p", NULL, "The layouts tried by the search are not recorded by this "
                               "version; the search's result and proof statement are in section "
                               "1.");
    xhtml_end_section(p);
}
