/* mapping: the launch mapping of Janzen et al. (docs/concurrency.md sec. 4).
 *
 *   Listing 1: m = A(k); b = N * m blocks are launched; mapping[s] = m for the partition's SMs and
 *              0 elsewhere; a block landing on an unmapped SM exits at once.
 *   Listing 2 (Choice, the paper's f is unspecified): the block that reads nb (m, m-1, ..., 1) on
 *              SM s becomes worker i = (s - first) * m + (m - nb); original block j runs on worker
 *              j mod (n * m), so a worker runs cdiv or floor of G / (n * m) blocks and
 *              Rounds(k, n) = cdiv(G, n * m), eq. 1 of Cruz et al. with nSM = n. */
#include "models/mapping.h"

#include "util/ckint.h"

int mapping_launch(const occ_result *k, int64_t gpu_sms, int64_t part_sms, map_result *out)
{
    int64_t m = k->active_blocks, g = k->d.grid;
    *out = (map_result){ .blocks_per_sm = m };
    if (ck_mul(gpu_sms, m, &out->launched_blocks) || ck_mul(part_sms, m, &out->workers))
        return -1;
    out->rounds = ck_ceil_div(g, out->workers);
    /* G - (rounds - 1) * workers, in 1..workers */
    out->workers_at_rounds = g - (out->rounds - 1) * out->workers;
    return 0;
}

int64_t mapping_worker_index(int64_t sm, int64_t first_sm, int64_t m, int64_t nb)
{
    return (sm - first_sm) * m + (m - nb);
}

int64_t mapping_worker_blocks(int64_t grid, int64_t workers, int64_t i)
{
    return i < grid ? ck_ceil_div(grid - i, workers) : 0;
}
