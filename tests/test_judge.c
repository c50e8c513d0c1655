/* Tests of the judge (search/judge.c): its cache against the full analysis. */
#include <CUnit/CUnit.h>

#include "fixture_search.h"
#include "search/judge.h"

void test_judge_register(void);

/* The judge's cache (judge.c) keeps at most its size and lets older verdicts give way: a cache
 * of 8 slots (2 buckets of 4) over a stream of 3,000 draws from 40 layouts of a random
 * instance, every verdict (pass, and which tasks miss) against rt_eval_layout of that layout.
 * Both hits and replacements happen (asserted). Mutation check (docs/validation.md sec. 10):
 * keeping a replaced slot's old miss flags, or its old pass, fails here. */
static void test_judge_cache_evicts(void)
{
    rt_options o;
    rt_options_default(&o);
    fixture f;
    rand_instance(&f, gpu_make(8, 1, 6, 1365), 5, 4242, &o);
    size_t T = f.ts->n_tasks;
    judge *j = judge_new(f.m, f.ts, &o, 8);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    enum { POOL = 40 };
    jlayout pool[POOL], l;
    uint64_t r = 99;
    for (size_t q = 0; q < POOL; q++) {
        CU_ASSERT_EQUAL_FATAL(judge_init(&pool[q], T), 0);
        pool[q].n_parts = 1 + lcg_next(&r) % 3;
        for (size_t i = 0; i < T; i++)
            pool[q].part[i] = i < pool[q].n_parts ? i : lcg_next(&r) % pool[q].n_parts;
        for (size_t p = 0; p < pool[q].n_parts; p++)
            pool[q].units[p] = 1 + (int64_t)(lcg_next(&r) % (8 / pool[q].n_parts));
        judge_normalise(&pool[q]);
    }
    CU_ASSERT_EQUAL_FATAL(judge_init(&l, T), 0);
    long agree = 0, passes = 0;
    for (int it = 0; it < 3000; it++) {
        judge_copy(&l, &pool[lcg_next(&r) % POOL]);
        jverdict v;
        CU_ASSERT_EQUAL_FATAL(judge_eval(j, &l, &v), 0);
        rt_layout *rl = judge_layout(j, &l);
        CU_ASSERT_PTR_NOT_NULL_FATAL(rl);
        rt_eval ev;
        int erc = rt_eval_layout(f.m, f.ts, rl, &o, NULL, 0, &ev);
        bool same = v.pass == (erc == EVAL_OK && ev.schedulable);
        for (size_t i = 0; i < T; i++)
            same = same && v.miss[i] == (erc != EVAL_OK || !ev.rta[i].schedulable);
        agree += same;
        passes += v.pass;
        if (erc == EVAL_OK)
            rt_eval_fini(&ev);
        rt_layout_free(rl);
    }
    CU_ASSERT_EQUAL(agree, 3000);
    CU_ASSERT(passes > 0 && passes < 3000);
    CU_ASSERT(judge_hits(j) > 100);                     /* answered from the cache */
    CU_ASSERT(judge_analyses(j) > POOL);               /* and layouts analysed again after */
    CU_ASSERT(judge_hits(j) + judge_analyses(j) == 3000); /* they had given way */
    judge_fini(&l);
    for (size_t q = 0; q < POOL; q++)
        judge_fini(&pool[q]);
    judge_free(j);
    fx_fini(&f);
}

void test_judge_register(void)
{
    CU_pSuite s = CU_add_suite("judge", NULL, NULL);
    CU_add_test(s, "judge cache: replaced verdicts never answer", test_judge_cache_evicts);
}
