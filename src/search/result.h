/* result: what a partition search returns, and its status codes (no functions: every module
 * of the search fills or reads it). */
#ifndef RT_RESULT_H
#define RT_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/layout.h"

typedef enum {
    ASSIGN_GIVEN,          /* the task set's own partitions were analysed, no search */
    ASSIGN_OPTIMAL,        /* schedulable and proven minimal */
    ASSIGN_FEASIBLE,       /* schedulable, not proven minimal (a limit was hit) */
    ASSIGN_INFEASIBLE,     /* proven: no assignment is schedulable under the model */
    ASSIGN_UNKNOWN         /* a limit was hit before either */
} assign_status;

/* One improvement of the best layout during a search: the stage that found it (a name of the
 * stage table, docs/assignment.md "The stages"), its SMs and when, from the search's start. */
typedef struct assign_find {
    const char *stage;     /* static */
    int64_t sms;
    double seconds;
} assign_find;

/* Improvements recorded at most; past it the last entry is overwritten (the returned layout's
 * is always there) and finds_dropped counts what was overwritten. */
#define ASSIGN_MAX_FINDS 24

typedef struct assign_result {
    assign_status status;
    rt_layout *layout;     /* owned; the found layout (NULL unless optimal/feasible) */
    int64_t sms_used;      /* sum of partition sizes of layout */
    long iterations;       /* MIP solves */
    double seconds;        /* wall time of the search */
    bool hit_time_limit, hit_iteration_limit;
    /* proven lower bound of the SMs of every schedulable layout (-1: none, e.g. infeasible);
     * equals sms_used when optimal */
    int64_t lower_bound_sms;
    int64_t gap_sms;           /* sms_used - lower_bound_sms; -1 without a layout or bound */
    int64_t one_partition_sms; /* all tasks in one partition, its smallest passing size (0: none) */
    long analyses;             /* full analyses run (cache hits not counted) */
    long undecided_analyses;   /* of those, the ones the work budget left undecided */
    double first_seconds;      /* from the start to the first schedulable layout (-1: none) */
    double best_seconds;       /* to the returned one (-1: none) */
    /* max-min-slack (slack.h): the layout's smallest relative slack (NAN: none), the SM limit */
    double min_slack;
    int64_t max_sms;
    assign_find finds[ASSIGN_MAX_FINDS]; /* min-sms: every improvement in order (n_finds) */
    size_t n_finds;
    long finds_dropped;
    int probe;                 /* the probe before the patterns (docs/assignment.md sec. 7a): 0 its
                                * MIP did not run, 1 it ran, 2 it proved the result */
} assign_result;

enum { ASSIGN_OK = 0, ASSIGN_ENOMEM = -1, ASSIGN_ESOLVER = -2, ASSIGN_EIO = -3 };

#endif
