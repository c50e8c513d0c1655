/* mct: Janzen et al.'s minimum-completion-time placement of jobs on partitions (docs/concurrency.md
 * sec. 10, their sec. III.D): a heuristic with no guarantee, not an analysis. */
#ifndef RT_MCT_H
#define RT_MCT_H

#include <stddef.h>
#include <stdint.h>

/* One placed job. */
typedef struct mct_job {
    size_t job;          /* index in the caller's job order */
    size_t partition;    /* r*, the partition it was placed on */
    int64_t start_ns;    /* max(avail_r*, rho_j) */
    int64_t finish_ns;   /* start + its time on r* */
} mct_job;

enum { MCT_OK = 0, MCT_ERANGE = -1, MCT_ENOMEM = -2 };

/* Place n_jobs jobs with ready times ready_ns[j] on n_parts partitions; time_ns[j * n_parts + r]
 * is job j's time on partition r (C(k_j, n_r) plus the launch overhead, >= 0). Jobs are taken by
 * ready time, ties in index order; each goes to the partition where it finishes first (ties: the
 * lowest index). out[i] is the i-th job placed (caller's array of n_jobs); *makespan_ns the last
 * finish (0 without jobs). Exact integers; MCT_ERANGE on overflow. */
int mct_place(const int64_t *ready_ns, const int64_t *time_ns, size_t n_jobs, size_t n_parts,
              mct_job *out, int64_t *makespan_ns);

#endif
