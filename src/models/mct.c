/* mct: minimum completion time (Janzen et al. sec. III.D; docs/concurrency.md sec. 10).
 *
 *   jobs j in order of ready time rho_j (ties: file order); avail_r = 0 for every partition r;
 *   fin_r(j) = max(avail_r, rho_j) + C(k_j, n_r) + launch-overhead
 *   r* = argmin_r fin_r(j) (ties: lowest index);  avail_r* = fin_r*(j)
 *
 * Choice (spec): no data-transfer term, estimates are the tool's C(k, n) and not a run-time
 * history. Times are whole ns (util/ckint.h); the caller supplies C + overhead per (job, r). */
#include "models/mct.h"

#include <stdlib.h>

#include "util/ckint.h"
#include "util/sort.h"

int mct_place(const int64_t *ready_ns, const int64_t *time_ns, size_t n_jobs, size_t n_parts,
              mct_job *out, int64_t *makespan_ns)
{
    *makespan_ns = 0;
    if (n_jobs == 0)
        return MCT_OK;
    if (n_parts == 0)
        return MCT_ERANGE;
    sort_key *order = malloc(n_jobs * sizeof *order);
    int64_t *avail = calloc(n_parts, sizeof *avail);
    int rc = MCT_ENOMEM;
    if (!order || !avail)
        goto done;
    for (size_t j = 0; j < n_jobs; j++)
        order[j] = (sort_key){ ready_ns[j], j };
    qsort(order, n_jobs, sizeof *order, sort_key_cmp);
    rc = MCT_ERANGE;
    for (size_t i = 0; i < n_jobs; i++) {
        size_t j = order[i].idx, best = 0;
        int64_t best_fin = 0, best_start = 0;
        for (size_t r = 0; r < n_parts; r++) {
            int64_t start = avail[r] > ready_ns[j] ? avail[r] : ready_ns[j], fin;
            if (ck_add(start, time_ns[j * n_parts + r], &fin))
                goto done;
            if (r == 0 || fin < best_fin) {   /* strict: ties keep the lowest index */
                best = r;
                best_fin = fin;
                best_start = start;
            }
        }
        avail[best] = best_fin;
        out[i] = (mct_job){ .job = j, .partition = best, .start_ns = best_start,
                            .finish_ns = best_fin };
        if (best_fin > *makespan_ns)
            *makespan_ns = best_fin;
    }
    rc = MCT_OK;
done:
    free(order);
    free(avail);
    return rc;
}
