/* gen_hostile: write the hostile task sets of issue 17 (for the RTX 2060 of examples/gpus, 30 SMs)
 * at a chosen size, for bench/bench_budget.sh and the tests' small versions.
 *
 * usage: gen_hostile MODE N
 *   eqprio N     one partition of 30 SMs, N tasks of equal given priority with large jitter
 *                (periods 1 ms .. 1 ms + N us, jitter 50 ms, WCET about 0.9 / N of the period):
 *                every task is hp of every other, and the busy periods hold thousands of jobs;
 *   blocked N    N partitions of one SM, each with a task of period 1 us and WCET just below it
 *                (utilisation 0.9999) and a low-priority task that blocks it: a busy period
 *                of millions of jobs per partition;
 *   kernels N    two partitions of 15 SMs with N distinct memory-bound kernels each (one task
 *                per kernel, period 1 s): the worst-case window search of every kernel looks
 *                at all N kernels of the other partition;
 *   launches N   10 partitions of 3 SMs, N tasks each running 4 launches of 5 shared kernels
 *                (many launches, few distinct kernels, many co-runner partitions);
 *   sync N       like launches, for --windows synchronous: every launch overlaps many windows.
 * Kernels are given by cycles (WCET = ceil(1.2 cycles 1000 / 1365) ns on the RTX 2060). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void head(void)
{
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<taskset name=\"hostile\">\n");
}

/* cycles whose WCET on the RTX 2060 with margin 0.2 is about ns */
static long long cycles_of_ns(long long ns)
{
    long long c = ns * 1365 / 1200;
    return c > 0 ? c : 1;
}

static void eqprio(long n)
{
    head();
    for (long i = 0; i < n; i++)
        printf("  <kernel name=\"k%ld\" cycles=\"%lld\" bw-gbps=\"1\" kai=\"1\"/>\n", i,
               cycles_of_ns((1000000 + 1000 * i) * 9 / 10 / n));
    for (long i = 0; i < n; i++) {
        long long t = 1000000 + 1000 * i;
        printf("  <task name=\"t%ld\" period=\"%lldns\" jitter=\"10s\" priority=\"1\">"
               "<run kernel=\"k%ld\"/></task>\n", i, t, i);
    }
    printf("  <partition name=\"P0\" sms=\"30\">\n");
    for (long i = 0; i < n; i++)
        printf("    <task-ref name=\"t%ld\"/>\n", i);
    printf("  </partition>\n</taskset>\n");
}

static void blocked(long n)
{
    head();
    /* measured cycles on 1 SM: WCET = 1.2 * cycles * 1000 / 1365 ns exactly (cycles = 91 ns / 80) */
    printf("  <kernel name=\"a\" cycles=\"1000\" bw-gbps=\"1\" kai=\"1\">"
           "<measured sms=\"1\" cycles=\"546\"/></kernel>\n");            /* 480 ns */
    for (long p = 0; p < n; p++) {
        printf("  <task name=\"hi%ld\" period=\"1000ns\" priority=\"1\"><run kernel=\"a\"/></task>\n", p);
        printf("  <task name=\"lo%ld\" period=\"1040ns\" deadline=\"100s\" jitter=\"100s\" "
               "priority=\"2\"><run kernel=\"a\"/></task>\n", p);
    }
    for (long p = 0; p < n; p++)
        printf("  <partition name=\"P%ld\" sms=\"1\"><task-ref name=\"hi%ld\"/>"
               "<task-ref name=\"lo%ld\"/></partition>\n", p, p, p);
    printf("</taskset>\n");
}

static void kernels(long n)
{
    head();
    for (long i = 0; i < 2 * n; i++)
        printf("  <kernel name=\"k%ld\" cycles=\"%ld\" bw-gbps=\"%ld\" kai=\"0.1\"/>\n", i,
               100000 + 37 * i, 100 + (i * 7919) % 200);
    for (long i = 0; i < 2 * n; i++)
        printf("  <task name=\"t%ld\" period=\"1s\"><run kernel=\"k%ld\"/></task>\n", i, i);
    for (long p = 0; p < 2; p++) {
        printf("  <partition name=\"P%ld\" sms=\"15\">\n", p);
        for (long i = p * n; i < (p + 1) * n; i++)
            printf("    <task-ref name=\"t%ld\"/>\n", i);
        printf("  </partition>\n");
    }
    printf("</taskset>\n");
}

static void launches(long n)
{
    head();
    for (long k = 0; k < 5; k++)
        printf("  <kernel name=\"k%ld\" cycles=\"%ld\" bw-gbps=\"%ld\" kai=\"0.2\"/>\n", k,
               20000 + 3001 * k, 40 + 50 * k);
    for (long p = 0; p < 10; p++)
        for (long i = 0; i < n; i++) {
            printf("  <task name=\"t%ld_%ld\" period=\"1s\">", p, i);
            for (long r = 0; r < 4; r++)
                printf("<run kernel=\"k%ld\"/>", (p + i + r) % 5);
            printf("</task>\n");
        }
    for (long p = 0; p < 10; p++) {
        printf("  <partition name=\"P%ld\" sms=\"3\">\n", p);
        for (long i = 0; i < n; i++)
            printf("    <task-ref name=\"t%ld_%ld\"/>\n", p, i);
        printf("  </partition>\n");
    }
    printf("</taskset>\n");
}

int main(int argc, char **argv)
{
    long n = argc == 3 ? strtol(argv[2], NULL, 10) : 0;
    if (n < 1 || n > 1000000) {
        fprintf(stderr, "usage: gen_hostile eqprio|blocked|kernels|launches|sync N\n");
        return 2;
    }
    if (strcmp(argv[1], "eqprio") == 0)
        eqprio(n);
    else if (strcmp(argv[1], "blocked") == 0)
        blocked(n);
    else if (strcmp(argv[1], "kernels") == 0)
        kernels(n);
    else if (strcmp(argv[1], "launches") == 0 || strcmp(argv[1], "sync") == 0)
        launches(n);
    else {
        fprintf(stderr, "gen_hostile: unknown mode %s\n", argv[1]);
        return 2;
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
