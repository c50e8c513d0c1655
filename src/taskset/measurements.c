/* measurements: the measurements record's life cycle and names. */
#include "taskset/measurements.h"

#include <stdlib.h>

const char *rt_measurements_kind_name(rt_meas_kind k)
{
    return k == RT_MEAS_JOBS ? "jobs" : "kernels";
}

void rt_measurements_free(rt_measurements *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->n_kernels; i++)
        free(m->kernels[i].corunners);
    free(m->kernels);
    free(m->jobs);
    free(m->path);
    free(m);
}
