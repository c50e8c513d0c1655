/* library_door: a client of the installed library alone (rtgpu.h through pkg-config), built and
 * run by tests/check_install.sh: analyse TASKSET on GPU ("kernel": --gpu-preemption kernel) and
 * print the verdict and every figure the library gives as one JSON object, for
 * tests/library_vs_cli.py to compare with rtgpu-analyze's JSON report of the same inputs. */
#include <inttypes.h>
#include <rtgpu.h>
#include <stdio.h>
#include <string.h>

static void str(const char *s)
{
    if (!s) {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (; *s; s++)
        if (*s == '"' || *s == '\\')
            printf("\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            printf("\\u%04x", *s);
        else
            putchar(*s);
    putchar('"');
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    rtgpu_diags *d = rtgpu_diags_new();
    rtgpu_taskset *ts = rtgpu_taskset_load(argv[1], d);
    rtgpu_gpu *gpu = rtgpu_gpu_load(argv[2], d);
    rtgpu_options *o = rtgpu_options_new();
    if (argc > 3 && strcmp(argv[3], "kernel") == 0)
        rtgpu_options_set_gpu_preemption(o, RTGPU_PREEMPT_KERNEL);
    rtgpu_result *r = rtgpu_analyse(ts, gpu, o, d);
    printf("{\"verdict\": %d, \"searched\": %d, \"partitions\": [", (int)rtgpu_result_verdict(r),
           rtgpu_result_searched(r));
    for (size_t j = 0; j < rtgpu_result_partitions(r); j++) {
        printf("%s{\"name\": ", j ? ", " : "");
        str(rtgpu_result_partition_name(r, j));
        printf(", \"sms\": %" PRId64 "}", rtgpu_result_partition_sms(r, j));
    }
    fputs("], \"tasks\": [", stdout);
    for (size_t i = 0; i < rtgpu_result_tasks(r); i++) {
        printf("%s{\"name\": ", i ? ", " : "");
        str(rtgpu_result_task_name(r, i));
        printf(", \"partition\": %ld, \"wcrt_ns\": %" PRId64 ", \"deadline_ns\": %" PRId64
               ", \"status\": %d, \"steps\": [", rtgpu_result_task_partition(r, i),
               rtgpu_result_task_wcrt_ns(r, i), rtgpu_result_task_deadline_ns(r, i),
               (int)rtgpu_result_task_status(r, i));
        for (size_t k = 0; k < rtgpu_result_task_steps(r, i); k++) {
            printf("%s{\"kind\": %d, \"resource\": ", k ? ", " : "",
                   (int)rtgpu_result_step_kind(r, i, k));
            str(rtgpu_result_step_resource(r, i, k));
            printf(", \"offset_ns\": %" PRId64 ", \"jitter_ns\": %" PRId64 ", \"wcrt_ns\": %"
                   PRId64 "}", rtgpu_result_step_offset_ns(r, i, k),
                   rtgpu_result_step_jitter_ns(r, i, k), rtgpu_result_step_wcrt_ns(r, i, k));
        }
        fputs("]}", stdout);
    }
    fputs("], \"chains\": [", stdout);
    for (size_t c = 0; c < rtgpu_result_chains(r); c++) {
        printf("%s{\"name\": ", c ? ", " : "");
        str(rtgpu_result_chain_name(r, c));
        printf(", \"mrt_ns\": %" PRId64 ", \"mda_ns\": %" PRId64 ", \"mrt_by\": ",
               rtgpu_result_chain_reaction_ns(r, c), rtgpu_result_chain_age_ns(r, c));
        str(rtgpu_result_chain_reaction_analysis(r, c));
        fputs(", \"mda_by\": ", stdout);
        str(rtgpu_result_chain_age_analysis(r, c));
        printf(", \"status\": %d}", (int)rtgpu_result_chain_status(r, c));
    }
    fputs("], \"undecided\": ", stdout);
    str(rtgpu_result_undecided_reason(r));
    printf(", \"errors\": %zu}\n", rtgpu_diags_errors(d));
    int verdict = (int)rtgpu_result_verdict(r);
    rtgpu_result_free(r);
    rtgpu_options_free(o);
    rtgpu_gpu_free(gpu);
    rtgpu_taskset_free(ts);
    rtgpu_diags_free(d);
    return verdict;
}
