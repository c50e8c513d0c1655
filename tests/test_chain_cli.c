/* Cause-effect chains through the commands (docs/chains.md): the JSON report's chains, computed
 * from the tasks' R in the same report by the formulas of docs/chains.md sec. 3 (and the LET
 * bound by hand); each chain's scaling factor of --sensitivity (by hand); the HTML report's
 * chains section on the examples' hand-worked figures; the refusals of what cannot take chains
 * (exit 2, located at the first
 * <chain>); --emit-taskset keeping the chains after the partitions it writes. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runcmd.h"

void test_chain_cli_register(void);

#define CH_TS "tests/data/good/chain-gpu.xml"
#define CH_GPU "tests/data/good/gpu.xml"
#define CH_AT "tests/data/good/chain-gpu.xml:16: error: chain \"abc\": "

static json_int_t jint(json_t *o, const char *k)
{
    return json_integer_value(json_object_get(o, k));
}

/* chain-gpu.xml: a (T 10 ms), b (T 20 ms) on P0, c (T 40 ms, offset 1 ms) on P1; R from the
 * report. abc, implicit, no CPU task: every hop term is the producer's R, so
 * Davare = Th. 5.4 = Th. 5.10 + T_n = (10 + R_a) + (20 + R_b) + (40 + R_c) ms.
 * ac-let: a reads at 10k, writes at 10k + 10; c reads at 40j + 1, writes at 40j + 41. Cut at c
 * (the larger period): c's job 1 reads at 41, a's latest write at or before it is job 3's (40),
 * read at 30; c's job 2 writes at 121: 91 ms. Job 2: a's job 7 (reads 70), c's job 3 writes at
 * 161: 91 ms. Job 3's chain would start at 110 > 2 H + 1 = 81: 2 job chains, MRT = MDA = 91 ms,
 * the first longest read at 30 ms, written at 121 ms. */
static void test_chain_json(void)
{
    runcmd_out r = runcmd((char *[]){ "x", CH_TS, "--gpu", CH_GPU, "--format", "json", NULL },
                          60);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *tasks = json_object_get(j, "tasks"), *chains = json_object_get(j, "chains");
    CU_ASSERT_EQUAL_FATAL(json_array_size(tasks), 3);
    CU_ASSERT_EQUAL_FATAL(json_array_size(chains), 2);
    json_int_t ra = jint(json_array_get(tasks, 0), "wcrt_ns");
    json_int_t rb = jint(json_array_get(tasks, 1), "wcrt_ns");
    json_int_t rc = jint(json_array_get(tasks, 2), "wcrt_ns");
    CU_ASSERT(ra > 0 && rb > 0 && rc > 0);
    /* the phases as the file gives them: c's 1 ms, none (0) for a and b */
    CU_ASSERT_EQUAL(jint(json_array_get(tasks, 0), "offset_ns"), 0);
    CU_ASSERT_EQUAL(jint(json_array_get(tasks, 1), "offset_ns"), 0);
    CU_ASSERT_EQUAL(jint(json_array_get(tasks, 2), "offset_ns"), 1000000);
    json_int_t davare = 10000000 + ra + 20000000 + rb + 40000000 + rc;
    json_t *abc = json_array_get(chains, 0), *b = json_object_get(abc, "bounds");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(abc, "communication")), "implicit");
    CU_ASSERT_EQUAL(jint(b, "davare"), davare);
    CU_ASSERT_EQUAL(jint(b, "durr_mrt"), davare);
    CU_ASSERT_EQUAL(jint(b, "durr_mda"), davare);
    CU_ASSERT_TRUE(json_is_null(json_object_get(b, "let_exact")));
    CU_ASSERT_EQUAL(jint(abc, "mrt_ns"), davare);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(abc, "binding_mrt")), "davare");
    CU_ASSERT_EQUAL(jint(abc, "max_reaction_ns"), 200000000);
    CU_ASSERT_TRUE(json_is_true(json_object_get(abc, "passes")));
    CU_ASSERT_TRUE(json_is_null(json_object_get(abc, "reason")));
    CU_ASSERT_TRUE(json_is_null(json_object_get(abc, "let")));
    json_t *let = json_array_get(chains, 1), *lb = json_object_get(let, "bounds");
    CU_ASSERT_TRUE(json_is_null(json_object_get(lb, "davare")));
    CU_ASSERT_EQUAL(jint(lb, "let_exact"), 91000000);
    CU_ASSERT_EQUAL(jint(let, "mda_ns"), 91000000);
    CU_ASSERT_TRUE(json_is_null(json_object_get(let, "max_reaction_ns")));
    json_t *ld = json_object_get(let, "let");
    CU_ASSERT_EQUAL(jint(ld, "hyperperiod_ns"), 40000000);
    CU_ASSERT_EQUAL(jint(ld, "horizon_ns"), 81000000);
    CU_ASSERT_EQUAL(jint(ld, "job_chains"), 2);
    CU_ASSERT_EQUAL(jint(ld, "worst_read_ns"), 30000000);
    CU_ASSERT_EQUAL(jint(ld, "worst_write_ns"), 121000000);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(ld, "partitioned_at")), "c");
    json_decref(j);
    runcmd_free(&r);
}

/* argv (rtgpu-analyze unless tool) exits 2 with nothing on stdout and at, then why, on stderr. */
static void expect_refused(const char *tool, char *const argv[], const char *at, const char *why)
{
    runcmd_out r = runcmd_tool(tool, argv, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.err);
    CU_ASSERT(r.out && r.out[0] == '\0');
    const char *m = strstr(r.err, at);
    CU_ASSERT_PTR_NOT_NULL(m);
    CU_ASSERT_PTR_NOT_NULL(m && strstr(m + strlen(at), why) == m + strlen(at));
    if (!m || strstr(m + strlen(at), why) != m + strlen(at))
        fprintf(stderr, "\n  stderr: %s\n", r.err);
    runcmd_free(&r);
}

static void test_chain_refusals(void)
{
    expect_refused(NULL, (char *[]){ "x", CH_TS, "--gpu", CH_GPU, "--assign", "search", NULL },
                   CH_AT, "the partition search does not take chains into account");
    expect_refused("rtgpu-explore", (char *[]){ "x", "split", CH_TS, "--gpu", CH_GPU, "--pair",
                                                "K1,K2", NULL },
                   CH_AT, "rtgpu-explore split does not check cause-effect chains");
}

/* chain-sens.xml: a (C 1 ms, core 0) and b (C 2 ms, core 1), T = D = 10 ms, each alone on its
 * core, so at factor x: R_a = x ms, R_b = 2x ms (scaled WCETs rounded up to the ns).
 * ab, implicit, max-reaction 25 ms: no hop stays on one core, so Durr = Davare =
 * (10 + x) + (10 + 2x) = 20 + 3x ms <= 25 iff 3x <= 5: x = 1.6666 gives 24.9998 ms, 1.6667 gives
 * 1.6667 + 3.3334 = 5.0001 > 5: factor 1.6666.
 * ab-let, max-age 100 ms: the LET bound does not depend on R (30 ms <= 100 ms), but LET needs
 * every R_i <= D_i and R_b bounded: at x = 5, C_b = 10 ms = T_b, core 1's utilisation is 1 and
 * R_b unbounded (docs/analysis.md); at 4.9999, R_b = 9.9998 ms <= 10: factor 4.9999, the same as
 * the whole system's (b's deadline binds both). */
static void test_chain_sensitivity(void)
{
    runcmd_out r = runcmd((char *[]){ "x", "tests/data/good/chain-sens.xml", "--gpu",
                                      "tests/data/good/system-gpu.xml", "--sensitivity",
                                      "--format", "json", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *s = json_object_get(j, "sensitivity"), *ch = json_object_get(s, "chains");
    CU_ASSERT_EQUAL_FATAL(json_array_size(ch), 2);
    json_t *ab = json_array_get(ch, 0), *let = json_array_get(ch, 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(ab, "name")), "ab");
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(ab, "scaling_factor")), 1.6666, 1e-9);
    CU_ASSERT_TRUE(json_is_false(json_object_get(ab, "scaling_factor_at_limit")));
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(let, "name")), "ab-let");
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(let, "scaling_factor")), 4.9999,
                           1e-9);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(s, "scaling_factor")), 4.9999, 1e-9);
    json_decref(j);
    runcmd_free(&r);
    r = runcmd((char *[]){ "x", "tests/data/good/chain-sens.xml", "--gpu",
                           "tests/data/good/system-gpu.xml", "--sensitivity", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "Scaling factor of chain ab (same WCETs; its "
                                                  "requirements): 1.6666 (to 1e-4"));
    runcmd_free(&r);
}


#define ORIN_GPU "examples/gpus/jetson-agx-orin-system.xml"

/* rtgpu-analyze --format html of example ts exits status; its page holds each of want. */
static void expect_html(char *ts, int status, const char *const *want)
{
    runcmd_out r = runcmd((char *[]){ "x", ts, "--gpu", ORIN_GPU, "--format", "html",
                                      NULL }, 60);
    CU_ASSERT_EQUAL(r.status, status);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    for (size_t k = 0; want[k]; k++) {
        CU_ASSERT_PTR_NOT_NULL(strstr(r.out, want[k]));
        if (!strstr(r.out, want[k]))
            fprintf(stderr, "\n  %s: missing \"%s\"\n", ts, want[k]);
    }
    runcmd_free(&r);
}

/* The figures from the examples' header comments, worked by hand there. orin-chain-implicit:
 * Davare = (33.333 + 1.5) + (33.333 + 16.740238) + (33.333 + 4.100057) + (50 + 4) =
 * 176.339295 ms, binding, <= 250 ms. orin-chain-let: LET exact 6 T + 20 ms = 219.998 ms, first
 * read at 0, last write at 219.998 ms, H = 99.999 ms, 2 H = 199.998 ms; Davare and Durr do not
 * apply. orin-chain-fails: the hop planner -> controller (core 3, planner higher) has I =
 * min(J, R) = min(0, 4) = 0, Th. 5.4 adds max(R_4, T_5 + 0) = max(4, 10 + 0), MRT 187.339295 ms
 * (durr_mrt) > 150 ms: the chain fails while every deadline holds (exit 1). The chains are
 * section 8 (no measurements), the register 9. */
static void test_chain_html(void)
{
    expect_html("examples/tasksets/orin-chain-implicit.xml", 0, (const char *const[]){
        "SCHEDULABLE: every deadline holds under the model and every chain meets its "
        "requirements",
        "<section id=\"chains\">\n<h2>8. Chains</h2>", "<h2>9. Interference",
        "sum of (T_i + R_i) = (33.333 ms + 1.5 ms) + (33.333 ms + 16.740238 ms) + "
        "(33.333 ms + 4.100057 ms) + (50 ms + 4 ms)</td><td>176.339295 ms</td>",
        "176.339295 ms (davare, the smallest sound bound); max-reaction 250 ms: holds",
        "Chain camera-to-plan passes", "<a href=\"#chain-1\">camera-to-plan</a>",
        "<h3 id=\"chain-1\">", "no job chain is drawn", "<svg", NULL });
    expect_html("examples/tasksets/orin-chain-let.xml", 0, (const char *const[]){
        "219.998 ms (let_exact)", "H = lcm of the periods = 99.999 ms",
        "[0, 2 H + largest phase] = [0, 199.998 ms]",
        "the longest reads at 0 ns and writes at 219.998 ms",
        "for implicit communication only</td><td>does not apply</td>",
        "the longest job chain the LET enumeration found", NULL });
    expect_html("examples/tasksets/orin-chain-fails.xml", 1, (const char *const[]){
        "REQUIREMENTS NOT MET: every deadline holds; chain camera-to-control fails (section 8)",
        "Chains failing</th><td>camera-to-control", "0 ns: min(J, R) = J",
        "+ max(4 ms, 10 ms + 0 ns)</td><td>187.339295 ms</td>",
        "Chain camera-to-control FAILS: maximum reaction time bound 187.339295 ms (durr_mrt) "
        "exceeds max-reaction 150 ms", NULL });
}

/* Only a chain fails (orin-chain-fails: every R within its deadline, camera-to-control's Durr MRT
 * 187.339295 ms above its max-reaction 150 ms): the verdict says so in every output, never "a
 * deadline is missed"; -q is one line; JSON names the chain; emitted files and the warning too. */
static void test_chain_only_fails(void)
{
    char *ts = "examples/tasksets/orin-chain-fails.xml", gpu[] = ORIN_GPU;
    const char *head = "REQUIREMENTS NOT MET: every deadline holds; chain camera-to-control fails "
                       "(6 tasks, task set \"orin-chain-fails\", GPU ";
    runcmd_out r = runcmd((char *[]){ "x", ts, "--gpu", gpu, "-q", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT(r.out && strncmp(r.out, head, strlen(head)) == 0);
    CU_ASSERT(r.out && strchr(r.out, '\n') == r.out + strlen(r.out) - 1);   /* one line */
    runcmd_free(&r);
    r = runcmd((char *[]){ "x", ts, "--gpu", gpu, "--format", "json", NULL }, 60);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    json_t *v = json_object_get(j, "verdict");
    CU_ASSERT_EQUAL(json_array_size(json_object_get(v, "missed_tasks")), 0);
    CU_ASSERT_EQUAL(json_array_size(json_object_get(v, "chains_failing")), 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(json_object_get(v, "chains_failing"), 0)),
                           "camera-to-control");
    json_decref(j);
    runcmd_free(&r);
    char out[64];
    snprintf(out, sizeof out, "/tmp/rtgpu-chain-only-%ld.sh", (long)getpid());
    unlink(out);
    r = runcmd((char *[]){ "x", ts, "--gpu", gpu, "--emit-launch", out, NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT(r.err && strstr(r.err, "warning: the layout written meets every deadline, but not its "
                                     "chains' requirements: chain camera-to-control fails\n"));
    CU_ASSERT(r.err && !strstr(r.err, "misses deadlines"));
    char *text = runcmd_read_file(out);
    CU_ASSERT(text && strstr(text, "# Layout: as given in the task set; the analysis finds its "
                                   "requirements NOT met (every deadline holds; chain "
                                   "camera-to-control fails)\n"));
    CU_ASSERT(text && !strstr(text, "a deadline is missed"));
    free(text);
    unlink(out);
    runcmd_free(&r);
}

/* A LET chain whose bound alone exceeds its requirement (orin-chain-let: the exact LET bound is
 * 219.998 ms, from the periods and offsets only; max-reaction lowered from 250 ms to 100 ms):
 * its scaling factor says no WCET changes it, in the text and in the HTML. */
static void test_chain_let_sensitivity(void)
{
    char *base = runcmd_read_file("examples/tasksets/orin-chain-let.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(base);
    char *at = strstr(base, "max-reaction=\"250ms\"");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    memcpy(at, "max-reaction=\"100ms\"", 20);
    char path[64], gpu[] = ORIN_GPU;
    snprintf(path, sizeof path, "/tmp/rtgpu-let-sens-%ld.xml", (long)getpid());
    runcmd_write_file(path, base);
    free(base);
    const char *words = "none: under LET the chain's bound depends only on its tasks' periods "
                        "and offsets, not on any WCET, and it exceeds the requirement";
    runcmd_out r = runcmd((char *[]){ "x", path, "--gpu", gpu, "--sensitivity", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT(r.out && strstr(r.out, "Scaling factor of chain camera-to-plan (same WCETs; its "
                                     "requirements): ") && strstr(r.out, words));
    runcmd_free(&r);
    r = runcmd((char *[]){ "x", path, "--gpu", gpu, "--format", "html", NULL }, 60);
    CU_ASSERT(r.out && strstr(r.out, "Scaling factor of chain camera-to-plan</th><td>") &&
              strstr(r.out, words));
    runcmd_free(&r);
    unlink(path);
}

/* --emit-taskset writes the partitions before the <chain>s (the schema's order): the file loads
 * again, keeps both chains and gives the same verdict. */
static void test_chain_emit_taskset(void)
{
    char out[64];
    snprintf(out, sizeof out, "/tmp/rtgpu-chain-emit-%ld.xml", (long)getpid());
    unlink(out);
    runcmd_out r = runcmd((char *[]){ "x", CH_TS, "--gpu", CH_GPU, "-q", "--emit-taskset", out,
                                      NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = runcmd((char *[]){ "x", out, "--gpu", CH_GPU, "--format", "json", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL(j);
    CU_ASSERT_EQUAL(json_array_size(json_object_get(j, "chains")), 2);
    if (r.status != 0 && r.err)
        fprintf(stderr, "\n  stderr: %s\n", r.err);
    json_decref(j);
    runcmd_free(&r);
    unlink(out);
}

/* The exact LET enumeration is charged to the run's budget. tests/data/cli/let-budget.xml: eight
 * LET chains a -> b -> c over periods 1000, 999 and 998 us (offsets 0), hyperperiod
 * lcm = 498.501 s, cut at a (the largest period): job m of a reads at m ms, so jobs 0 .. 997002
 * read within 2 H = 997.002 s: 997003 job chains per chain, each charged 3 units (one per task),
 * and the job that ends the loop 3 more: 2991012 units a chain. The analysis of the 4 tasks
 * costs far less than 10^6 units, so with --budget 5000000 let1 is decided and the budget runs
 * out in let2 (line 13): exit 3, every later chain undecided and not failing, and the message
 * names let2. With the default budget all eight are decided (exit 0). --sensitivity repeats the
 * enumeration at every bisection step of each chain's scaling factor: with --budget 30000000 it
 * ends undecided in the sensitivity analysis, the verdict kept. */
static void test_chain_budget(void)
{
    char ts[] = "tests/data/cli/let-budget.xml", gpu[] = "tests/data/good/system-gpu.xml";
    runcmd_out r = runcmd((char *[]){ "x", ts, "--gpu", gpu, "--budget", "5000000", "--format",
                                      "json", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "tests/data/cli/let-budget.xml:13: undecided: "
                                               "the work budget of 5000000 units (--budget) ran "
                                               "out in the chain analysis at chain \"let2\""));
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *u = json_object_get(json_object_get(j, "verdict"), "undecided");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(u, "step")), "chains");
    json_t *ch = json_object_get(j, "chains");
    CU_ASSERT_EQUAL(json_array_size(ch), 8);
    for (size_t c = 0; c < json_array_size(ch); c++) {
        json_t *x = json_array_get(ch, c);
        CU_ASSERT_EQUAL(json_is_true(json_object_get(x, "passes")), c == 0);
        CU_ASSERT_EQUAL(json_is_true(json_object_get(x, "undecided")), c > 0);
        CU_ASSERT_EQUAL(jint(json_object_get(x, "let"), "job_chains"), c == 0 ? 997003 : 0);
    }
    json_decref(j);
    runcmd_free(&r);
    r = runcmd((char *[]){ "x", ts, "--gpu", gpu, "--budget", "5000000", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_TRUE(runcmd_has_line(r.out, "Chains undecided: let2 let3 let4 let5 let6 let7 let8"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "FAILS"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "Chains failing"));
    runcmd_free(&r);
    r = runcmd((char *[]){ "x", ts, "--gpu", gpu, "-q", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = runcmd((char *[]){ "x", ts, "--gpu", gpu, "--sensitivity", "--budget", "30000000", "-q",
                           NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "ran out in the sensitivity analysis: no "
                                               "sensitivity figures (the analysis itself: every "
                                               "deadline holds)"));
    runcmd_free(&r);
}

void test_chain_cli_register(void)
{
    CU_pSuite s = CU_add_suite("chain_cli", NULL, NULL);
    CU_add_test(s, "JSON chains from the report's R", test_chain_json);
    CU_add_test(s, "the HTML report's chains section", test_chain_html);
    CU_add_test(s, "only a chain fails: every output says so", test_chain_only_fails);
    CU_add_test(s, "a LET chain's bound needs no WCET: its sensitivity says so",
                test_chain_let_sensitivity);
    CU_add_test(s, "what cannot take chains refuses them", test_chain_refusals);
    CU_add_test(s, "--sensitivity: each chain's scaling factor, by hand", test_chain_sensitivity);
    CU_add_test(s, "--emit-taskset keeps the chains after the partitions", test_chain_emit_taskset);
    CU_add_test(s, "the LET enumeration is charged to --budget", test_chain_budget);
}
