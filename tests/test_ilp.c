/* Tests of the guarded GLPK wrapper: outcomes, limits, fatal errors, LP output. */
#include <CUnit/CUnit.h>
#include <glpk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "search/ilp.h"

void test_ilp_register(void);

/* Does some stored diagnostic contain key? */
static bool diags_have(const rt_diags *d, const char *key)
{
    for (size_t i = 0; i < rt_diag_count(d); i++)
        if (strstr(rt_diag_get(d, i)->msg, key))
            return true;
    return false;
}

/* Columns x0..x{n-1} with the given costs (cost NULL: all 0). */
static void add_cols(ilp *p, int n, const double *cost, int *cols)
{
    for (int i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "x%d", i);
        CU_ASSERT_EQUAL_FATAL(ilp_add_col(p, name, cost ? cost[i] : 0.0, &cols[i]), ILP_OK);
        CU_ASSERT_EQUAL(cols[i], i + 1);
    }
}

/* Weighted vertex cover of a triangle with costs 3, 2, 4: every edge needs an end point, so at
 * least two vertices are chosen; the cheapest pair is {x0, x1} with cost 3 + 2 = 5. */
static void test_ilp_optimal(void)
{
    rt_diags *d = rt_diag_new(10);
    ilp *p = ilp_new("cover", 0, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int c[3];
    const double cost[3] = {3, 2, 4}, one[2] = {1, 1};
    add_cols(p, 3, cost, c);
    int e01[2] = {c[0], c[1]}, e12[2] = {c[1], c[2]}, e02[2] = {c[0], c[2]};
    CU_ASSERT_EQUAL(ilp_add_row(p, "e01", 2, e01, one, ILP_GE, 1), ILP_OK);
    CU_ASSERT_EQUAL(ilp_add_row(p, "e12", 2, e12, one, ILP_GE, 1), ILP_OK);
    CU_ASSERT_EQUAL(ilp_add_row(p, "e02", 2, e02, one, ILP_GE, 1), ILP_OK);
    CU_ASSERT_EQUAL(ilp_n_cols(p), 3);
    CU_ASSERT_EQUAL(ilp_n_rows(p), 3);
    ilp_outcome out;
    bool hit = true;
    CU_ASSERT_EQUAL_FATAL(ilp_solve(p, 0, &out, &hit), ILP_OK);
    CU_ASSERT_EQUAL(out, ILP_OPTIMAL);
    CU_ASSERT_FALSE(hit);
    CU_ASSERT_DOUBLE_EQUAL(ilp_objective(p), 5.0, 1e-9);
    CU_ASSERT_TRUE(ilp_col_value(p, c[0]));
    CU_ASSERT_TRUE(ilp_col_value(p, c[1]));
    CU_ASSERT_FALSE(ilp_col_value(p, c[2]));
    /* A cut excluding {x0, x1} (x0 + x1 <= 1) leaves {x1, x2} = 6 as the optimum. */
    CU_ASSERT_EQUAL(ilp_add_row(p, "cut", 2, e01, one, ILP_LE, 1), ILP_OK);
    CU_ASSERT_EQUAL_FATAL(ilp_solve(p, 10, &out, &hit), ILP_OK);
    CU_ASSERT_EQUAL(out, ILP_OPTIMAL);
    CU_ASSERT_DOUBLE_EQUAL(ilp_objective(p), 6.0, 1e-9);
    CU_ASSERT_FALSE(ilp_col_value(p, c[0]));
    /* The cut row as a range 2 <= x0 + x1 <= 2 forces x0 = x1 = 1, which covers every edge:
     * cost 5 again. Back to x0 + x1 <= 1: 6 again. Bad ranges are refused. */
    CU_ASSERT_EQUAL(ilp_set_range(p, 4, 2, 2), ILP_OK);
    CU_ASSERT_EQUAL_FATAL(ilp_solve(p, 0, &out, &hit), ILP_OK);
    CU_ASSERT_EQUAL(out, ILP_OPTIMAL);
    CU_ASSERT_DOUBLE_EQUAL(ilp_objective(p), 5.0, 1e-9);
    CU_ASSERT_EQUAL(ilp_set_range(p, 4, -INFINITY, 1), ILP_OK);
    CU_ASSERT_EQUAL_FATAL(ilp_solve(p, 0, &out, &hit), ILP_OK);
    CU_ASSERT_DOUBLE_EQUAL(ilp_objective(p), 6.0, 1e-9);
    CU_ASSERT_EQUAL(ilp_set_range(p, 5, 0, 1), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_set_range(p, 4, 2, 1), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_set_range(p, 4, 0, INFINITY), ILP_EINVAL);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    ilp_free(p);
    rt_diag_free(d);
}

/* x0 + x1 >= 3 has no 0-1 solution (not even a fractional one): proven infeasible. And an
 * integer-infeasible model with a feasible relaxation: 2 x0 + 2 x1 = 1 (only x = 1/2 fits). */
static void test_ilp_infeasible(void)
{
    const double one[2] = {1, 1}, two[2] = {2, 2};
    for (int k = 0; k < 2; k++) {
        ilp *p = ilp_new("inf", 0, NULL);
        CU_ASSERT_PTR_NOT_NULL_FATAL(p);
        int c[2];
        add_cols(p, 2, NULL, c);
        CU_ASSERT_EQUAL(ilp_add_row(p, "r", 2, c, k ? two : one, k ? ILP_EQ : ILP_GE, k ? 1 : 3),
                        ILP_OK);
        ilp_outcome out;
        bool hit = true;
        CU_ASSERT_EQUAL_FATAL(ilp_solve(p, 0, &out, &hit), ILP_OK);
        CU_ASSERT_EQUAL(out, ILP_INFEASIBLE);
        CU_ASSERT_FALSE(hit);
        CU_ASSERT_TRUE(isnan(ilp_objective(p)));
        CU_ASSERT_FALSE(ilp_col_value(p, c[0]));
        ilp_free(p);
    }
}

/* Jeroslow's problem: 2 x1 + ... + 2 xn = n with n odd has no integer solution, and branch and
 * bound needs about 2^(n/2) nodes to prove it (n = 21 takes minutes with GLPK): a 50 ms limit
 * stops it with nothing found. */
static void test_ilp_time_limit_none(void)
{
    ilp *p = ilp_new("jeroslow", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int c[41];
    double two[41];
    add_cols(p, 41, NULL, c);
    for (int i = 0; i < 41; i++)
        two[i] = 2;
    CU_ASSERT_EQUAL(ilp_add_row(p, "odd", 41, c, two, ILP_EQ, 41), ILP_OK);
    ilp_outcome out;
    bool hit = false;
    CU_ASSERT_EQUAL_FATAL(ilp_solve(p, 0.05, &out, &hit), ILP_OK);
    CU_ASSERT_EQUAL(out, ILP_NO_SOLUTION);
    CU_ASSERT_TRUE(hit);
    ilp_free(p);
}

/* min sum c_i x_i with 2 sum x_i >= 61 and costs 1 + tiny distinct amounts: any 31 items are a
 * solution (the rounding heuristic finds one at once) but the LP bound stays half an item below
 * every solution deep into the tree, so 200 ms cannot prove optimality: an unproven solution. */
static void test_ilp_time_limit_feasible(void)
{
    ilp *p = ilp_new("halfcover", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int c[61];
    double two[61], cost[61];
    for (int i = 0; i < 61; i++) {
        two[i] = 2;
        cost[i] = 1.0 + (double)((i * 7919) % 1000) / 1e6;
    }
    add_cols(p, 61, cost, c);
    CU_ASSERT_EQUAL(ilp_add_row(p, "half", 61, c, two, ILP_GE, 61), ILP_OK);
    ilp_outcome out;
    bool hit = false;
    CU_ASSERT_EQUAL_FATAL(ilp_solve(p, 0.2, &out, &hit), ILP_OK);
    CU_ASSERT_TRUE(hit);
    CU_ASSERT_NOT_EQUAL(out, ILP_OPTIMAL);
    CU_ASSERT_NOT_EQUAL(out, ILP_INFEASIBLE);
    if (out == ILP_FEASIBLE) {
        int chosen = 0;
        for (int i = 0; i < 61; i++)
            chosen += ilp_col_value(p, c[i]);
        CU_ASSERT(chosen >= 31);
        CU_ASSERT(ilp_objective(p) >= 31.0);
    }
    ilp_free(p);
}

/* Bad arguments are refused before GLPK sees them, and the object stays usable. */
static void test_ilp_invalid(void)
{
    ilp *p = ilp_new("bad", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_PTR_NULL(ilp_new("second", 0, NULL)); /* one object at a time */
    int c[2], k;
    const double one[2] = {1, 1}, inf[2] = {1, INFINITY};
    add_cols(p, 2, NULL, c);
    CU_ASSERT_EQUAL(ilp_add_col(p, "9lives", 0, &k), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_add_col(p, "a b", 0, &k), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_add_col(p, "nan", NAN, &k), ILP_EINVAL);
    int dup[2] = {c[0], c[0]}, out_of_range[2] = {c[0], 3}, zero[2] = {0, c[1]};
    CU_ASSERT_EQUAL(ilp_add_row(p, "dup", 2, dup, one, ILP_LE, 1), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_add_row(p, "oor", 2, out_of_range, one, ILP_LE, 1), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_add_row(p, "zero", 2, zero, one, ILP_LE, 1), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_add_row(p, "inf", 2, c, inf, ILP_LE, 1), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_add_row(p, "rhs", 2, c, one, ILP_LE, NAN), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_add_row(p, "sense", 2, c, one, (ilp_sense)7, 1), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_n_rows(p), 0);
    /* x0 + x1 = 1, min 0: optimal */
    CU_ASSERT_EQUAL(ilp_add_row(p, "ok", 2, c, one, ILP_EQ, 1), ILP_OK);
    ilp_outcome out;
    bool hit;
    CU_ASSERT_EQUAL(ilp_solve(p, NAN, &out, &hit), ILP_EINVAL);
    CU_ASSERT_EQUAL(ilp_solve(p, 0, &out, &hit), ILP_OK);
    CU_ASSERT_EQUAL(out, ILP_OPTIMAL);
    CU_ASSERT_EQUAL(ilp_col_value(p, c[0]) + ilp_col_value(p, c[1]), 1);
    CU_ASSERT_FALSE(ilp_col_value(p, 0));
    CU_ASSERT_FALSE(ilp_col_value(p, 3));
    ilp_free(p);
}

static void test_ilp_names(void)
{
    CU_ASSERT_TRUE(ilp_name_legal("x_cam_in_det_16"));
    CU_ASSERT_TRUE(ilp_name_legal("cam.1"));
    CU_ASSERT_TRUE(ilp_name_legal("a!\"#$%&()/,.;?@_`'{}|~9"));
    CU_ASSERT_FALSE(ilp_name_legal(""));
    CU_ASSERT_FALSE(ilp_name_legal(NULL));
    CU_ASSERT_FALSE(ilp_name_legal("1x"));
    CU_ASSERT_FALSE(ilp_name_legal(".x"));
    CU_ASSERT_FALSE(ilp_name_legal("x-y"));
    CU_ASSERT_FALSE(ilp_name_legal("x y"));
    CU_ASSERT_FALSE(ilp_name_legal("x[1]"));
    CU_ASSERT_FALSE(ilp_name_legal("caf\xc3\xa9"));
    char longname[300];
    memset(longname, 'a', sizeof longname);
    longname[255] = '\0';
    CU_ASSERT_TRUE(ilp_name_legal(longname));
    longname[255] = 'a';
    longname[256] = '\0';
    CU_ASSERT_FALSE(ilp_name_legal(longname));
}

/* A GLPK fatal error (its memory cap of 1 MB exceeded while building a large model) is caught:
 * ILP_ESOLVER with GLPK's message, the object is dead, nothing aborts, and a fresh object works. */
static void test_ilp_fatal(void)
{
    rt_diags *d = rt_diag_new(10);
    ilp *p = ilp_new("big", 1, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int rc = ILP_OK, col = 0;
    for (int i = 0; i < 200000 && rc == ILP_OK; i++) {
        char name[32];
        snprintf(name, sizeof name, "x%d", i);
        rc = ilp_add_col(p, name, 1.0, &col);
    }
    CU_ASSERT_EQUAL(rc, ILP_ESOLVER);
    CU_ASSERT_TRUE(diags_have(d, "GLPK failed during adding a column"));
    CU_ASSERT_TRUE(diags_have(d, "limit"));
    ilp_outcome out;
    bool hit;
    CU_ASSERT_EQUAL(ilp_solve(p, 0, &out, &hit), ILP_ESOLVER);
    CU_ASSERT_EQUAL(ilp_add_col(p, "y", 0, &col), ILP_ESOLVER);
    CU_ASSERT_EQUAL(ilp_write_lp(p, "/tmp/never-written.lp"), ILP_ESOLVER);
    ilp_free(p);
    p = ilp_new("again", 0, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(ilp_add_col(p, "y", 1, &col), ILP_OK);
    CU_ASSERT_EQUAL(ilp_solve(p, 0, &out, &hit), ILP_OK);
    CU_ASSERT_EQUAL(out, ILP_OPTIMAL);
    ilp_free(p);
    rt_diag_free(d);
}

/* The LP file reads back with GLPK's own CPLEX LP reader: same counts and names. */
static void test_ilp_write_lp(void)
{
    char path[] = "/tmp/rtgpu-test-ilp-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    ilp *p = ilp_new("wr", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int c[2], e[1];
    const double w[2] = {1.5, 2.25};
    CU_ASSERT_EQUAL(ilp_add_col(p, "y_det_16", 16, &c[0]), ILP_OK);
    CU_ASSERT_EQUAL(ilp_add_col(p, "x_cam_in_det_16", 0, &c[1]), ILP_OK);
    CU_ASSERT_EQUAL(ilp_add_row(p, "util_det_16", 2, c, w, ILP_LE, 3), ILP_OK);
    CU_ASSERT_EQUAL(ilp_add_row(p, "empty", 0, e, NULL, ILP_LE, 1), ILP_OK);
    CU_ASSERT_EQUAL(ilp_write_lp(p, path), ILP_OK);
    ilp_free(p);

    glp_prob *lp = glp_create_prob();
    glp_term_out(GLP_OFF);
    CU_ASSERT_EQUAL_FATAL(glp_read_lp(lp, NULL, path), 0);
    CU_ASSERT_EQUAL(glp_get_num_cols(lp), 2);
    CU_ASSERT_EQUAL(glp_get_num_rows(lp), 2);
    CU_ASSERT_EQUAL(glp_get_num_bin(lp), 2);
    CU_ASSERT_STRING_EQUAL(glp_get_col_name(lp, 1), "y_det_16");
    CU_ASSERT_STRING_EQUAL(glp_get_col_name(lp, 2), "x_cam_in_det_16");
    CU_ASSERT_STRING_EQUAL(glp_get_row_name(lp, 1), "util_det_16");
    CU_ASSERT_STRING_EQUAL(glp_get_row_name(lp, 2), "empty");
    CU_ASSERT_DOUBLE_EQUAL(glp_get_obj_coef(lp, 1), 16, 0);
    CU_ASSERT_DOUBLE_EQUAL(glp_get_row_ub(lp, 1), 3, 0);
    int ind[3];
    double val[3];
    CU_ASSERT_EQUAL(glp_get_mat_row(lp, 1, ind, val), 2);
    glp_delete_prob(lp);
    glp_free_env();
    unlink(path);
}

/* An unwritable path gives ILP_EIO with the path in the message, and leaves no file behind. */
static void test_ilp_write_lp_fails(void)
{
    rt_diags *d = rt_diag_new(10);
    ilp *p = ilp_new("wr", 0, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    int c;
    CU_ASSERT_EQUAL(ilp_add_col(p, "x", 1, &c), ILP_OK);
    CU_ASSERT_EQUAL(ilp_write_lp(p, "/nonexistent-dir/m.lp"), ILP_EIO);
    CU_ASSERT_TRUE(diags_have(d, "cannot write LP file /nonexistent-dir/m.lp"));
    CU_ASSERT_EQUAL(ilp_write_lp(p, ""), ILP_EINVAL);
    ilp_free(p);
    rt_diag_free(d);
}

/* ---- branch and cut with a checker (ilp_solve_lazy) ---------------------------------------- */

#define LZ_N 8

typedef struct lazy_ctx {
    ilp *p;
    unsigned seed;
    int mode;                 /* 0 normal, 1 stop at once, 2 reject without a cut */
    int n;                    /* columns (LZ_N, fewer in the stop test) */
    long calls;
    unsigned char accepted[1 << LZ_N];
} lazy_ctx;

static unsigned lz_mask(const unsigned char *x, int n)
{
    unsigned m = 0;
    for (int j = 0; j < n; j++)
        m |= (unsigned)(x[j] != 0) << j;
    return m;
}

/* The hidden predicate: a fixed pseudo-random third of the points are "unschedulable". */
static bool lz_ok(unsigned seed, unsigned m)
{
    unsigned h = (m + 1) * 2654435761u ^ seed * 40503u;
    h ^= h >> 13;
    return h % 3 != 0;
}

static int lz_check(void *ctx, const unsigned char *x)
{
    lazy_ctx *c = ctx;
    c->calls++;
    if (c->mode == 1)
        return -1;
    unsigned m = lz_mask(x, c->n);
    if (lz_ok(c->seed, m) && c->mode == 0) {
        c->accepted[m] = 1;
        return 1;
    }
    if (c->mode == 2)
        return 0;
    /* no-good: sum over ones of x - sum over zeros of x <= ones - 1 excludes exactly m */
    int cols[LZ_N];
    double coef[LZ_N];
    int ones = 0;
    for (int j = 0; j < c->n; j++) {
        cols[j] = j + 1;
        coef[j] = x[j] ? 1.0 : -1.0;
        ones += x[j] != 0;
    }
    CU_ASSERT_EQUAL(ilp_lazy_row(c->p, (size_t)c->n, cols, coef, ones - 1.0), ILP_OK);
    return 0;
}

/* Random models min c.x, sum x >= 3, sum w x <= W over 8 binaries, a hidden predicate that only
 * the checker knows: GLPK's optimum equals the brute force over all 256 points, the point it
 * returns was accepted by the checker, and the same holds with a (checked) start. */
static void test_ilp_lazy_brute(void)
{
    rt_diags *d = rt_diag_new(10);
    unsigned rng = 12345;
    for (unsigned seed = 1; seed <= 12; seed++) {
        double cost[LZ_N], w[LZ_N], W = 0;
        for (int j = 0; j < LZ_N; j++) {
            rng = rng * 1103515245u + 12345u;
            cost[j] = 1 + (rng >> 16) % 9;
            rng = rng * 1103515245u + 12345u;
            w[j] = 1 + (rng >> 16) % 5;
            W += w[j];
        }
        W = floor(W * 0.6);
        double best = -1;
        unsigned best_m = 0;
        for (unsigned m = 0; m < (1u << LZ_N); m++) {
            double cs = 0, ws = 0;
            int k = 0;
            for (int j = 0; j < LZ_N; j++)
                if (m >> j & 1) {
                    cs += cost[j];
                    ws += w[j];
                    k++;
                }
            if (k >= 3 && ws <= W && lz_ok(seed, m) && (best < 0 || cs < best)) {
                best = cs;
                best_m = m;
            }
        }
        for (int with_start = 0; with_start < 2; with_start++) {
            lazy_ctx c = { .seed = seed, .n = LZ_N };
            c.p = ilp_new("lazy", 0, d);
            CU_ASSERT_PTR_NOT_NULL_FATAL(c.p);
            int cols[LZ_N];
            add_cols(c.p, LZ_N, cost, cols);
            double one[LZ_N];
            for (int j = 0; j < LZ_N; j++)
                one[j] = 1;
            CU_ASSERT_EQUAL(ilp_add_row(c.p, "card", LZ_N, cols, one, ILP_GE, 3), ILP_OK);
            CU_ASSERT_EQUAL(ilp_add_row(c.p, "cap", LZ_N, cols, w, ILP_LE, W), ILP_OK);
            unsigned char start[LZ_N];
            for (int j = 0; j < LZ_N; j++)
                start[j] = best >= 0 && (best_m >> j & 1);
            ilp_outcome out;
            bool hit = true, stopped = true;
            CU_ASSERT_EQUAL_FATAL(ilp_solve_lazy(c.p, 0, with_start && best >= 0 ? start : NULL,
                                                 lz_check, &c, &out, &hit, &stopped), ILP_OK);
            CU_ASSERT_FALSE(hit);
            CU_ASSERT_FALSE(stopped);
            if (best < 0) {
                CU_ASSERT_EQUAL(out, ILP_INFEASIBLE);
            } else {
                CU_ASSERT_EQUAL_FATAL(out, ILP_OPTIMAL);
                CU_ASSERT_DOUBLE_EQUAL(ilp_objective(c.p), best, 1e-9);
                unsigned char x[LZ_N];
                for (int j = 0; j < LZ_N; j++)
                    x[j] = ilp_col_value(c.p, cols[j]);
                unsigned m = lz_mask(x, LZ_N);
                /* recorded only after the checker accepted it, or it is the start */
                CU_ASSERT(c.accepted[m] || (with_start && m == best_m));
                CU_ASSERT_TRUE(lz_ok(seed, m));
            }
            ilp_free(c.p);
        }
    }
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    rt_diag_free(d);
}

/* A checker that stops (-1) gives no proof; one that rejects without a cut is a solver error,
 * never a recorded solution. */
static void test_ilp_lazy_stop(void)
{
    rt_diags *d = rt_diag_new(10);
    for (int mode = 1; mode <= 2; mode++) {
        lazy_ctx c = { .seed = 1, .mode = mode, .n = 2 };
        c.p = ilp_new("lazy", 0, d);
        CU_ASSERT_PTR_NOT_NULL_FATAL(c.p);
        int cols[2];
        const double cost[2] = {1, 1}, one[2] = {1, 1};
        add_cols(c.p, 2, cost, cols);
        CU_ASSERT_EQUAL(ilp_add_row(c.p, "card", 2, cols, one, ILP_GE, 1), ILP_OK);
        ilp_outcome out;
        bool hit = true, stopped = false;
        int rc = ilp_solve_lazy(c.p, 0, NULL, lz_check, &c, &out, &hit, &stopped);
        CU_ASSERT(c.calls >= 1);
        if (mode == 1) {
            CU_ASSERT_EQUAL(rc, ILP_OK);
            CU_ASSERT_TRUE(stopped);
            CU_ASSERT_EQUAL(out, ILP_NO_SOLUTION);
        } else {
            CU_ASSERT_EQUAL(rc, ILP_ESOLVER);
            CU_ASSERT_TRUE(diags_have(d, "not cut off"));
        }
        ilp_free(c.p);
    }
    rt_diag_free(d);
}

void test_ilp_register(void)
{
    CU_pSuite s = CU_add_suite("ilp", NULL, NULL);
    CU_add_test(s, "optimum and a cut", test_ilp_optimal);
    CU_add_test(s, "infeasible", test_ilp_infeasible);
    CU_add_test(s, "time limit, nothing found", test_ilp_time_limit_none);
    CU_add_test(s, "time limit, unproven solution", test_ilp_time_limit_feasible);
    CU_add_test(s, "invalid arguments", test_ilp_invalid);
    CU_add_test(s, "CPLEX LP names", test_ilp_names);
    CU_add_test(s, "GLPK fatal error caught", test_ilp_fatal);
    CU_add_test(s, "LP file reads back", test_ilp_write_lp);
    CU_add_test(s, "LP file write failure", test_ilp_write_lp_fails);
    CU_add_test(s, "lazy rows and checker against brute force", test_ilp_lazy_brute);
    CU_add_test(s, "checker stops; rejection without a cut", test_ilp_lazy_stop);
}
