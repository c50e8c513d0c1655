/* spec: the life of a sweep-spec record (explore/spec.h): its free, its spec hash, and the
 * lookups by param and by point number. */
#include "explore/spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/model.h"
#include "util/sha256.h"

/* In the order of xp_param: the <vary> params first, those of <generate> last. */
static const char *const param_names[] = {
    [XP_MARGIN] = "margin", [XP_INTERFERENCE] = "interference",
    [XP_NAIVE_FACTOR] = "naive-factor", [XP_WINDOWS] = "windows",
    [XP_PRIORITIES] = "priorities", [XP_ASSIGN] = "assign", [XP_GPU] = "gpu",
    [XP_PARTITION_SMS] = "partition-sms", [XP_PERIOD_SCALE] = "period-scale",
    [XP_KERNEL_SCALE] = "kernel-scale", [XP_UTILIZATION] = "utilization", [XP_SET] = "set",
};

const char *xp_spec_param_name(xp_param p)
{
    return (size_t)p < sizeof param_names / sizeof param_names[0] ? param_names[p] : "?";
}

void xp_spec_value_fini(xp_value *v)
{
    free(v->text);
}

void xp_spec_free(xp_spec *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n_dims; i++) {
        for (size_t j = 0; s->dims[i].v && j < s->dims[i].n; j++)
            xp_spec_value_fini(&s->dims[i].v[j]);
        free(s->dims[i].v);
        free(s->dims[i].key);
    }
    free(s->dims);
    for (size_t i = 0; i < s->n_gpus; i++)
        rt_gpu_free(s->gpus[i]);
    free(s->gpus);
    rt_taskset_free(s->ts);
    rt_taskset_free(s->gen.pool);
    free(s->gen.pool_ns);
    free(s->name);
    free(s->path);
    free(s);
}

void xp_spec_hash(xp_spec *s)
{
    char buf[4096];
    size_t n = 0;
    char hex[65];
    n += (size_t)snprintf(buf + n, sizeof buf - n, "rtgpu-explore %s model %d\n", RTGPU_VERSION,
                          RT_MODEL_REVISION);
    rt_sha256_hex(s->sha256, hex);
    n += (size_t)snprintf(buf + n, sizeof buf - n, "spec %s\n", hex);
    const rt_taskset *ts = s->ts ? s->ts : s->gen.pool;
    if (ts) {
        rt_sha256_hex(ts->sha256, hex);
        n += (size_t)snprintf(buf + n, sizeof buf - n, "tasks %s\n", hex);
    }
    for (size_t i = 0; i < s->n_gpus && n < sizeof buf - 80; i++) {
        rt_sha256_hex(s->gpus[i]->sha256, hex);
        n += (size_t)snprintf(buf + n, sizeof buf - n, "gpu %s\n", hex);
    }
    if (s->sensitivity && n < sizeof buf - 16)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "sensitivity\n");
    unsigned char d[32];
    rt_sha256(buf, n, d);
    rt_sha256_hex(d, hex);
    memcpy(s->hash, hex, 16);
    s->hash[16] = '\0';
}

void xp_spec_set_sensitivity(xp_spec *s)
{
    s->sensitivity = true;
    xp_spec_hash(s);
}

void xp_spec_point_index(const xp_spec *s, uint64_t p, size_t *idx)
{
    for (size_t i = s->n_dims; i-- > 0;) {
        idx[i] = (size_t)(p % s->dims[i].n);
        p /= s->dims[i].n;
    }
}

const xp_dim *xp_spec_dim(const xp_spec *s, xp_param param)
{
    for (size_t i = 0; i < s->n_dims; i++)
        if (s->dims[i].param == param)
            return &s->dims[i];
    return NULL;
}
