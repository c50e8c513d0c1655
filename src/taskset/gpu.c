/* gpu: the GPU description record's life cycle, lookups and the tables of its <sm> rules. */
#include "taskset/gpu.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The compute capabilities whose CUDA rules the tool knows (docs/concurrency.md sec. 1). */
static const struct { const char *text; int cc; } known_cc[RT_GPU_N_CC] = {
    {"7.0", 70}, {"7.2", 72}, {"7.5", 75}, {"8.0", 80}, {"8.6", 86}, {"8.7", 87}, {"8.9", 89},
    {"9.0", 90},
};

/* Every <sm> value: attribute, field, least valid value, plain default (-1: the value of the
 * attribute `like`) and the docs/concurrency.md sec. 1 table, one column per known_cc entry (0: the
 * attribute has no default and is required without compute-capability). */
static const rt_gpu_sm_rule sm_attrs[RT_SM_N_ATTRS] = {
    [RT_SM_THREADS] = {"threads", offsetof(rt_sm_limits, threads), 1, 0, 0,
                       {2048, 2048, 1024, 2048, 1536, 1536, 1536, 2048}},
    [RT_SM_BLOCKS] = {"blocks", offsetof(rt_sm_limits, blocks), 1, 0, 0,
                      {32, 32, 16, 32, 16, 16, 24, 32}},
    [RT_SM_WARPS] = {"warps", offsetof(rt_sm_limits, warps), 1, 0, 0,
                     {64, 64, 32, 64, 48, 48, 48, 64}},
    [RT_SM_REGISTERS] = {"registers", offsetof(rt_sm_limits, registers), 1, 0, 0,
                         {65536, 65536, 65536, 65536, 65536, 65536, 65536, 65536}},
    [RT_SM_SHARED_MEMORY] = {"shared-memory", offsetof(rt_sm_limits, shared_memory), 1, 0, 0,
                             {98304, 98304, 65536, 167936, 102400, 167936, 102400, 233472}},
    [RT_SM_WARP_SIZE] = {"warp-size", offsetof(rt_sm_limits, warp_size), 1, 32, 0,
                         {32, 32, 32, 32, 32, 32, 32, 32}},
    [RT_SM_THREADS_PER_BLOCK] = {"threads-per-block", offsetof(rt_sm_limits, threads_per_block),
                                 1, 1024, 0, {1024, 1024, 1024, 1024, 1024, 1024, 1024, 1024}},
    [RT_SM_REGISTERS_PER_THREAD] = {"registers-per-thread",
                                    offsetof(rt_sm_limits, registers_per_thread), 1, 255, 0,
                                    {255, 255, 255, 255, 255, 255, 255, 255}},
    [RT_SM_REGISTERS_PER_BLOCK] = {"registers-per-block",
                                   offsetof(rt_sm_limits, registers_per_block), 1, -1,
                                   RT_SM_REGISTERS,
                                   {65536, 65536, 65536, 65536, 65536, 65536, 65536, 65536}},
    [RT_SM_REGISTER_UNIT] = {"register-unit", offsetof(rt_sm_limits, register_unit), 1, 1, 0,
                             {256, 256, 256, 256, 256, 256, 256, 256}},
    [RT_SM_WARP_GRANULARITY] = {"warp-granularity", offsetof(rt_sm_limits, warp_granularity), 1,
                                1, 0, {4, 4, 4, 4, 4, 4, 4, 4}},
    [RT_SM_SHARED_MEMORY_PER_BLOCK] = {"shared-memory-per-block",
                                       offsetof(rt_sm_limits, shared_memory_per_block), 1, -1,
                                       RT_SM_SHARED_MEMORY,
                                       {98304, 98304, 65536, 166912, 101376, 166912, 101376,
                                        232448}},
    [RT_SM_SHARED_MEMORY_UNIT] = {"shared-memory-unit", offsetof(rt_sm_limits, shared_memory_unit),
                                  1, 1, 0, {256, 256, 256, 128, 128, 128, 128, 128}},
    [RT_SM_SHARED_MEMORY_RESERVED] = {"shared-memory-reserved",
                                      offsetof(rt_sm_limits, shared_memory_reserved), 0, 0, 0,
                                      {0, 0, 0, 1024, 1024, 1024, 1024, 1024}},
};

const char *rt_gpu_sm_attr_name(int i)
{
    return i >= 0 && i < RT_SM_N_ATTRS ? sm_attrs[i].attr : "?";
}

const char *rt_gpu_sm_key_name(int i)
{
    static const char *const keys[RT_SM_N_ATTRS] = {
        [RT_SM_THREADS] = "threads", [RT_SM_BLOCKS] = "blocks", [RT_SM_WARPS] = "warps",
        [RT_SM_REGISTERS] = "registers", [RT_SM_SHARED_MEMORY] = "shared_memory",
        [RT_SM_WARP_SIZE] = "warp_size", [RT_SM_THREADS_PER_BLOCK] = "threads_per_block",
        [RT_SM_REGISTERS_PER_THREAD] = "registers_per_thread",
        [RT_SM_REGISTERS_PER_BLOCK] = "registers_per_block",
        [RT_SM_REGISTER_UNIT] = "register_unit", [RT_SM_WARP_GRANULARITY] = "warp_granularity",
        [RT_SM_SHARED_MEMORY_PER_BLOCK] = "shared_memory_per_block",
        [RT_SM_SHARED_MEMORY_UNIT] = "shared_memory_unit",
        [RT_SM_SHARED_MEMORY_RESERVED] = "shared_memory_reserved",
    };
    return i >= 0 && i < RT_SM_N_ATTRS ? keys[i] : "?";
}

int64_t *rt_gpu_sm_field(rt_sm_limits *sm, int i)
{
    return (int64_t *)(void *)((char *)sm + sm_attrs[i].off);
}

int64_t rt_gpu_sm_value(const rt_sm_limits *sm, int i)
{
    return *(const int64_t *)(const void *)((const char *)sm + sm_attrs[i].off);
}

const char *rt_gpu_sm_source_name(rt_sm_source s)
{
    switch (s) {
    case RT_SM_GIVEN: return "given";
    case RT_SM_FROM_CC: return "compute-capability";
    default: return "default";
    }
}

bool rt_gpu_sm_plain_arithmetic(const rt_gpu *g)
{
    return !g->compute_capability && g->sm.source[RT_SM_REGISTER_UNIT] != RT_SM_GIVEN &&
           g->sm.source[RT_SM_WARP_GRANULARITY] != RT_SM_GIVEN &&
           g->sm.source[RT_SM_SHARED_MEMORY_UNIT] != RT_SM_GIVEN;
}

const char *rt_gpu_cc_text(const rt_gpu *g)
{
    for (size_t i = 0; i < RT_GPU_N_CC; i++)
        if (known_cc[i].cc == g->compute_capability)
            return known_cc[i].text;
    return NULL;
}

const char *rt_gpu_placement_order_name(rt_placement_order o)
{
    switch (o) {
    case RT_ORDER_EVEN_ODD: return "even-odd";
    case RT_ORDER_EXPLICIT: return "explicit";
    default: return "ascending";
    }
}

/* The explicit placement-order v: sms comma-separated SM ids, each of 0..sms-1 once. Returns the
 * permutation (caller frees), or NULL after recording an error. */

const rt_gpu_sm_rule *rt_gpu_sm_rule_of(int i)
{
    return &sm_attrs[i];
}

const char *rt_gpu_cc_known(size_t i, int *cc)
{
    *cc = known_cc[i].cc;
    return known_cc[i].text;
}

long rt_gpu_find_engine(const rt_gpu *g, const char *name)
{
    for (size_t i = 0; i < g->n_engines; i++)
        if (g->engines[i].name && strcmp(g->engines[i].name, name) == 0)
            return (long)i;
    return -1;
}

void rt_gpu_free(rt_gpu *g)
{
    if (!g)
        return;
    free(g->placement_sms);
    for (size_t i = 0; i < g->n_engines; i++)
        free(g->engines[i].name);
    free(g->engines);
    free(g->cpu_name);
    free(g->name);
    free(g->path);
    free(g);
}
