/* mapping: Janzen et al.'s launch mapping that confines a kernel to a partition (Listing 1) and
 * its block wrapping (Listing 2), docs/concurrency.md sec. 4. */
#ifndef RT_MAPPING_H
#define RT_MAPPING_H

#include <stdint.h>

#include "models/occupancy.h"

typedef struct map_result {
    int64_t blocks_per_sm;     /* m = A(k) ("getMaxBlocksPerSM") */
    int64_t launched_blocks;   /* b = gpu sms * m: every SM gets m, unmapped ones exit at once */
    int64_t workers;           /* n * m blocks of the partition run the kernel's blocks */
    int64_t rounds;            /* cdiv(G, n * m) = Rounds(k, n) of eq. 1 */
    int64_t workers_at_rounds; /* workers that run `rounds` blocks; the others run one fewer */
} map_result;

/* Mapping of kernel k (status OCC_OK) launched on a GPU of gpu_sms SMs and confined to a
 * partition of part_sms SMs. Returns 0, or -1 if a count overflows 64 bits. */
int mapping_launch(const occ_result *k, int64_t gpu_sms, int64_t part_sms, map_result *out);
/* Listing 2: worker index of the block that read nb (m, m-1, ..., 1) from the mapping counter
 * of SM sm, in a partition starting at first_sm: (sm - first_sm) * m + (m - nb). */
int64_t mapping_worker_index(int64_t sm, int64_t first_sm, int64_t m, int64_t nb);
/* Blocks of a G-block kernel run by worker i of `workers` (block j runs on worker j mod workers). */
int64_t mapping_worker_blocks(int64_t grid, int64_t workers, int64_t i);

#endif
